/**
 * The language the pages speak (decision 052): the signed-in customer's choice, else this browser's
 * (the sign-in pages' switch, else what it asks for), else English. The page the server sends
 * carries the messages of the language the browser asks for; each language's catalogue is also a chunk
 * of its own, fetched only when another language is spoken.
 */
import type { Messages } from "@lingui/core";
import {
  CATALOGUE_ELEMENT_ID,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  negotiateLanguage,
} from "../../../shared/i18n/languages";
import { i18n } from "./i18n";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Who reads a catalogue: everyone (the signed-out screens and what every screen shows), the
 * signed-in screens, or the operator's console; the last two's messages load with their screens.
 */
export type Audience = "public" | "signed-in" | "admin";

const catalogues: Record<Audience, Record<Language, () => Promise<{ messages: Messages }>>> = {
  public: {
    en: () => import("../../../shared/i18n/locales/en/public"),
    de: () => import("../../../shared/i18n/locales/de/public"),
  },
  "signed-in": {
    en: () => import("../../../shared/i18n/locales/en/signed-in"),
    de: () => import("../../../shared/i18n/locales/de/signed-in"),
  },
  admin: {
    en: () => import("../../../shared/i18n/locales/en/admin"),
    de: () => import("../../../shared/i18n/locales/de/admin"),
  },
};

/**
 * How much of an audience's messages is needed: all of them, or those of the screen the page first
 * showed, which the page itself may carry (decision 052).
 */
type Need = "whole" | "first-screen";

/** The audiences whose messages the pages speak, and how much of each: the public ones whole at least. */
const needs = new Map<Audience, Need>([["public", "whole"]]);
/** Which audiences' messages are loaded, and how much of each, by language. */
const loaded = new Map<Language, Map<Audience, Need>>();

/** The language this browser picked with the switch or in Settings, if it did. */
export function pickedLanguage(): Language | null {
  for (const part of document.cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** The language for this browser when no signed-in choice says otherwise. */
export function browserLanguage(): Language {
  return pickedLanguage() ?? negotiateLanguage(navigator.languages.join(",")) ?? DEFAULT_LANGUAGE;
}

/** Keeps the pick for this browser, or forgets it (null) so that the browser's own languages count again. */
export function rememberLanguage(language: Language | null): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser, and the value is one of the portal's language codes
  document.cookie =
    language === null
      ? `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * The messages the page came with, when they are the language's (decision 052): the audiences it
 * carries whole, and those of which it carries what its first screen shows.
 */
function messagesInPage(
  language: Language,
): { messages: Messages; whole: Audience[]; firstScreen: Audience[] } | undefined {
  const element = document.getElementById(CATALOGUE_ELEMENT_ID);
  if (element?.dataset.language !== language) return undefined;
  const audiences = (names: string | undefined) => (names ? (names.split(" ") as Audience[]) : []);
  try {
    const messages = JSON.parse(element.textContent ?? "") as Messages;
    return {
      messages,
      whole: audiences(element.dataset.audiences ?? "public"),
      firstScreen: audiences(element.dataset.firstScreen),
    };
  } catch {
    return undefined;
  }
}

/** How much of an audience the page carries in a language, if any of it. */
function carriedByPage(page: ReturnType<typeof messagesInPage>, audience: Audience): Need | undefined {
  if (page?.whole.includes(audience)) return "whole";
  if (page?.firstScreen.includes(audience)) return "first-screen";
  return undefined;
}

/** Whether what is loaded of an audience is enough for what is needed of it. */
const enough = (have: Need | undefined, need: Need) =>
  have === "whole" || (have !== undefined && have === need);

/**
 * The messages the pages need in the language: what the page brought, the rest fetched; and how
 * much of each audience that is.
 */
async function messagesOf(language: Language): Promise<{ messages: Messages; have: Map<Audience, Need> }> {
  const page = messagesInPage(language);
  const have = new Map<Audience, Need>();
  const fetching: Array<Promise<Messages>> = [];
  for (const [audience, need] of needs) {
    const carried = carriedByPage(page, audience);
    if (carried && enough(carried, need)) {
      have.set(audience, carried);
    } else {
      have.set(audience, "whole");
      fetching.push(catalogues[audience][language]().then((module) => module.messages));
    }
  }
  const fetched = await Promise.all(fetching);
  return { messages: Object.assign({}, page?.messages, ...fetched), have };
}

let wanted: Language | null = null;
let activating: Promise<void> = Promise.resolve();

/**
 * Loads the language's catalogues and speaks it. Of two quick calls the later wins, whichever
 * catalogue arrives first.
 */
export function activateLanguage(language: Language): Promise<void> {
  wanted = language;
  if (i18n.locale === language) return activating;
  activating = messagesOf(language).then(({ messages, have }) => {
    if (wanted !== language) return;
    i18n.loadAndActivate({ locale: language, messages });
    loaded.set(language, have);
    document.documentElement.lang = language;
  });
  return activating;
}

/**
 * Makes an audience's messages part of what the pages speak, in this language and any spoken
 * later: a signed-in screen asks for them before it first renders. The screen a page first shows
 * asks for its own share only (`firstScreen`), which the page carries; any other screen for all of
 * them, fetched once.
 */
export async function loadAudience(
  audience: Audience,
  { firstScreen = false }: { firstScreen?: boolean } = {},
): Promise<void> {
  const need: Need = firstScreen ? "first-screen" : "whole";
  if (!enough(needs.get(audience), need)) needs.set(audience, need);
  await activating.catch(() => undefined);
  const language = i18n.locale as Language | undefined;
  if (!language) return;
  const have = loaded.get(language) ?? new Map<Audience, Need>();
  loaded.set(language, have);
  if (enough(have.get(audience), need)) return;
  const carried = carriedByPage(messagesInPage(language), audience);
  if (carried && enough(carried, need)) {
    // The page's messages are loaded with the language (activateLanguage).
    have.set(audience, carried);
  } else {
    i18n.load(language, (await catalogues[audience][language]()).messages);
    have.set(audience, "whole");
  }
}
