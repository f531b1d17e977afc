import { useLingui } from "@lingui/react/macro";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../shared/i18n/languages";
import { activateLanguage, rememberLanguage } from "../lib/i18n/language";
import { cn } from "../lib/utils";

/**
 * The signed-out screens' language switch (decision 052). The pick is kept by this browser, so the
 * next visit and the mails asked for from here (a password reset) speak it too; a signed-in customer's
 * choice in Settings still comes first once they sign in.
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const choose = (language: Language) => {
    rememberLanguage(language);
    void activateLanguage(language);
  };
  return (
    <fieldset className="flex items-center gap-1 text-sm">
      <legend className="sr-only">{t({ id: "language-switch.label", message: "Language" })}</legend>
      {LANGUAGES.map((language) => {
        const active = i18n.locale === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active}
            onClick={() => choose(language)}
            className={cn(
              "cursor-pointer rounded-md px-2 py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              active ? "font-semibold text-foreground" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        );
      })}
    </fieldset>
  );
}
