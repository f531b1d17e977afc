/**
 * The languages the portal speaks (decision R19): English, the spec's texts, and German. A customer's
 * language is their choice in Settings, else what their browser asks for, else English.
 */
export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** The locale in which the server writes numbers, money and dates for a reader of each language. */
export const FORMAT_LOCALES: Record<Language, string> = { en: "en-US", de: "de-DE" };

/**
 * The cookie a browser keeps when someone picks a language on it (the sign-in pages' switch, Settings):
 * the pages speak it, and the server takes it before `Accept-Language` as what that browser asks for.
 */
export const LANGUAGE_COOKIE = "language";

/**
 * The data block in which the page the server sends carries its language's messages for the signed-out
 * screens and what every screen shows, so the first render waits for no catalogue (decision 052).
 */
export const CATALOGUE_ELEMENT_ID = "catalogue";

/** Each language's name in that language: the way to find one's own in a list of them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Longer than any sensible header; past it the rest is ignored rather than parsed. */
const MAX_HEADER_CHARS = 1024;

/**
 * The language an `Accept-Language` header (RFC 9110, 12.5.4) asks for among the portal's: the range
 * with the highest weight that names one of them by its primary subtag ("de-AT" is German), the
 * earlier of equal weights; none when it names none of them (a wildcard alone expresses no choice).
 */
export function negotiateLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  let best: { language: Language; weight: number } | null = null;
  for (const part of header.slice(0, MAX_HEADER_CHARS).split(",")) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = range.trim().split("-")[0] ?? "";
    if (!isLanguage(primary)) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight) || weight <= 0 || weight > 1) continue;
    if (!best || weight > best.weight) best = { language: primary, weight };
  }
  return best?.language ?? null;
}

/** What the portal knows of a customer's language: the choice, and the browser they last signed in with. */
export interface KnownLanguages {
  language: Language | null;
  browserLanguage: Language | null;
}

/**
 * The language to speak to a customer: their choice, else the browser they last signed in with, else
 * the browser asking now (which may be anyone's), else English.
 */
export function languageOf(known: KnownLanguages, asked: Language | null = null): Language {
  return known.language ?? known.browserLanguage ?? asked ?? DEFAULT_LANGUAGE;
}
