import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import type { CurrentUser } from "../../../../shared/api/user";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  negotiateLanguage,
} from "../../../../shared/i18n/languages";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { cn } from "../../../lib/utils";
import { useSaveLanguage } from "../api/save-language";

/** The radio's value for "the browser's language", which the server keeps as null. */
const BROWSER = "browser";
type Choice = Language | typeof BROWSER;

const choiceOf = (language: string | null): Choice => (isLanguage(language) ? language : BROWSER);

/** What the browser asks for by itself, without a language picked on this browser. */
function askedByBrowser(): Language {
  return negotiateLanguage(navigator.languages.join(",")) ?? DEFAULT_LANGUAGE;
}

function LanguageOption({
  name,
  value,
  checked,
  onChoose,
  label,
  labelLang,
  hint,
}: {
  name: string;
  value: Choice;
  checked: boolean;
  onChoose: (value: Choice) => void;
  label: string;
  /** Each language's name is written in that language, and read out in it. */
  labelLang?: Language;
  hint?: ReactNode;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <label
      className={cn(
        "flex min-h-10 cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm",
        "has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
        checked && "border-primary bg-muted/40",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChoose(value)}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
      />
      <span className="grid gap-0.5">
        <span id={labelId} lang={labelLang} className="font-medium">
          {label}
        </span>
        {hint ? (
          <span id={hintId} className="text-muted-foreground">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/**
 * "Language" (decision 050): the portal's pages and the customer's mails speak the chosen language,
 * or the browser's when none is chosen. Saved as it is picked; a refusal (the read-only view of
 * support, say) leaves the saved choice checked and says why.
 */
export function LanguageCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const save = useSaveLanguage();
  const name = useId();
  const titleId = useId();
  const descriptionId = useId();
  // The pick shows at once; the saved one comes back if the server refuses it.
  const checked = save.isPending ? choiceOf(save.variables ?? null) : choiceOf(user.language);
  const asked = askedByBrowser();

  const choose = (choice: Choice) => {
    const language = choice === BROWSER ? null : choice;
    save.mutate(language, {
      onSuccess: () =>
        toast({
          title: t({ id: "settings.language.saved", message: "Language saved" }),
          description:
            language === null ? (
              <>
                {t({ id: "settings.language.saved-browser", message: "Your browser's language:" })}{" "}
                <span lang={asked}>{LANGUAGE_NAMES[asked]}</span>
              </>
            ) : (
              <span lang={language}>{LANGUAGE_NAMES[language]}</span>
            ),
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t({ id: "settings.language.not-saved", message: "Language not saved" }),
          description: failureText(
            error,
            t({ id: "settings.language.not-saved-text", message: "Your language could not be saved" }),
          ),
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{t({ id: "settings.language.title", message: "Language" })}</CardTitle>
        <CardDescription id={descriptionId}>
          {t({
            id: "settings.language.description",
            message: "The language of the portal and of the emails we send you.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset aria-labelledby={titleId} aria-describedby={descriptionId} className="grid gap-2">
          <LanguageOption
            name={name}
            value={BROWSER}
            checked={checked === BROWSER}
            onChoose={choose}
            label={t({ id: "settings.language.browser", message: "Your browser's language" })}
            hint={
              <>
                {t({ id: "settings.language.browser-asks", message: "Your browser asks for" })}{" "}
                <span lang={asked}>{LANGUAGE_NAMES[asked]}</span>
              </>
            }
          />
          {LANGUAGES.map((language) => (
            <LanguageOption
              key={language}
              name={name}
              value={language}
              checked={checked === language}
              onChoose={choose}
              label={LANGUAGE_NAMES[language]}
              labelLang={language}
            />
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
