/**
 * What the server says in a customer's language: its mails, its error answers and its exports
 * (decision 051). One Lingui instance per language, made once, from the compiled catalogue
 * (`npm run i18n:compile`); a message missing from German falls back to its English text rather than
 * to its id.
 */
import { type I18n, setupI18n } from "@lingui/core";
import type { Language } from "../../../shared/i18n/languages";
import { messages as de } from "../../../shared/i18n/locales/de/server";
import { messages as en } from "../../../shared/i18n/locales/en/server";

const catalogues = { en, de } as const;
const translators = new Map<Language, I18n>();

export function translatorFor(language: Language): I18n {
  let i18n = translators.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: catalogues[language] } });
    translators.set(language, i18n);
  }
  return i18n;
}
