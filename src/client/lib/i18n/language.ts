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

/** The audiences whose messages the pages speak: the public ones, and the signed-in ones once needed. */
const audiences = new Set<Audience>(["public"]);
/** Which audiences' messages are loaded, by language. */
const loaded = new Map<Language, Set<Audience>>();

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

/** The messages the page came with, and whose they are, when they are the language's (decision 052). */
function messagesInPage(language: Language): { messages: Messages; audiences: Audience[] } | undefined {
  const element = document.getElementById(CATALOGUE_ELEMENT_ID);
  if (element?.dataset.language !== language) return undefined;
  try {
    const messages = JSON.parse(element.textContent ?? "") as Messages;
    const audiences = (element.dataset.audiences ?? "public").split(" ") as Audience[];
    return { messages, audiences };
  } catch {
    return undefined;
  }
}

/** The messages of these audiences in the language: what the page brought, the rest fetched. */
async function messagesOf(language: Language, wanted: Audience[]): Promise<Messages> {
  const page = messagesInPage(language);
  const fetched = await Promise.all(
    wanted
      .filter((audience) => !page?.audiences.includes(audience))
      .map(async (audience) => (await catalogues[audience][language]()).messages),
  );
  return Object.assign({}, page?.messages, ...fetched);
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
  const needed = [...audiences];
  activating = messagesOf(language, needed).then((messages) => {
    if (wanted !== language) return;
    i18n.loadAndActivate({ locale: language, messages });
    loaded.set(language, new Set(needed));
    document.documentElement.lang = language;
  });
  return activating;
}

/**
 * Makes an audience's messages part of what the pages speak, in this language and any spoken
 * later: a signed-in screen asks for them before it first renders.
 */
export async function loadAudience(audience: Audience): Promise<void> {
  audiences.add(audience);
  await activating.catch(() => undefined);
  const language = i18n.locale as Language | undefined;
  if (!language || loaded.get(language)?.has(audience)) return;
  const page = messagesInPage(language);
  const messages = page?.audiences.includes(audience)
    ? page.messages
    : (await catalogues[audience][language]()).messages;
  i18n.load(language, messages);
  loaded.set(language, new Set([...(loaded.get(language) ?? []), audience]));
}
