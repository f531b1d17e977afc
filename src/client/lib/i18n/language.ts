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

const catalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../../shared/i18n/locales/en/public"),
  de: () => import("../../../shared/i18n/locales/de/public"),
};

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

/** The messages the page came with, when they are the language's (decision 052). */
function messagesInPage(language: Language): Messages | undefined {
  const element = document.getElementById(CATALOGUE_ELEMENT_ID);
  if (element?.dataset.language !== language) return undefined;
  try {
    return JSON.parse(element.textContent ?? "") as Messages;
  } catch {
    return undefined;
  }
}

let wanted: Language | null = null;

/**
 * Loads the language's catalogue and speaks it. Of two quick calls the later wins, whichever
 * catalogue arrives first.
 */
export async function activateLanguage(language: Language): Promise<void> {
  wanted = language;
  if (i18n.locale === language) return;
  const messages = messagesInPage(language) ?? (await catalogues[language]()).messages;
  if (wanted !== language) return;
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
}
