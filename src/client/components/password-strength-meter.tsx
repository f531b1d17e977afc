import { useLingui } from "@lingui/react/macro";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import {
  loadPasswordEstimator,
  PASSWORD_STRENGTH_LABELS,
  type PasswordEstimator,
  type PasswordStrength,
  weakPasswordMessage,
} from "../../shared/password-strength";
import { cn } from "../lib/utils";

const colours = {
  red: { bar: "bg-red-500", text: "text-red-700 dark:text-red-300" },
  yellow: { bar: "bg-yellow-400", text: "text-yellow-800 dark:text-yellow-300" },
  green: { bar: "bg-green-500", text: "text-green-700 dark:text-green-300" },
} as const;

/**
 * The strength of `password` by the estimator the server judges with, or null until its dictionaries
 * have loaded (they start loading when the field first renders, not with the page's own chunk).
 */
function usePasswordStrength(password: string, userInputs: readonly string[]): PasswordStrength | null {
  const [estimate, setEstimate] = useState<PasswordEstimator | null>(null);
  useEffect(() => {
    let live = true;
    // If the dictionaries cannot load, the meter stays empty; the server still judges on submit.
    loadPasswordEstimator().then(
      (loaded) => live && setEstimate(() => loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  // Estimating takes tens of milliseconds: typing stays responsive while the meter catches up.
  const deferred = useDeferredValue(password);
  const inputs = userInputs.join("\n");
  return useMemo(
    () => (estimate ? estimate(deferred, inputs ? inputs.split("\n") : []) : null),
    [estimate, deferred, inputs],
  );
}

/**
 * Four bars filled by the password's strength (red below what the server accepts, yellow for fair,
 * green for strong), the strength in words (colour is never the only cue), the hint, and for a weak
 * password what makes it weak: the same words the server answers with.
 */
export function PasswordStrengthMeter({
  password,
  userInputs = [],
  quiet = false,
}: {
  password: string;
  /** The user's name, username and email, which make a password easy to guess. */
  userInputs?: readonly string[];
  /** Leaves out what makes the password weak: the field's error already says it (the server's answer). */
  quiet?: boolean;
}) {
  const { i18n, t } = useLingui();
  const strength = usePasswordStrength(password, userInputs);
  const shown = password && strength && strength.bars > 0 ? strength : null;
  const style = shown ? colours[shown.colour] : null;
  return (
    <div className="grid gap-1.5" data-testid="password-strength">
      <div aria-hidden="true" className="grid grid-cols-4 gap-1.5">
        {[1, 2, 3, 4].map((bar) => {
          const filled = shown !== null && bar <= shown.bars;
          return (
            <span
              key={bar}
              data-filled={filled ? "true" : "false"}
              data-colour={filled ? shown.colour : undefined}
              className={cn(
                "h-1.5 rounded-full transition-colors duration-200",
                filled && style ? style.bar : "bg-muted-foreground/20",
              )}
            />
          );
        })}
      </div>
      <div className="flex items-start justify-between gap-3 text-xs">
        <span className="text-muted-foreground">
          {t({ id: "password-form.hint", message: "Use 8+ characters with letters, numbers & symbols" })}
        </span>
        {shown && style ? (
          <span className={cn("shrink-0 font-medium", style.text)}>
            <span className="sr-only">
              {t({ id: "password-form.strength", message: "Password strength:" })}{" "}
            </span>
            {i18n._(PASSWORD_STRENGTH_LABELS[shown.label])}
          </span>
        ) : null}
      </div>
      {shown?.message && !quiet ? (
        <p className={cn("text-xs", style?.text)}>{weakPasswordMessage(shown.warning, i18n)}</p>
      ) : null}
    </div>
  );
}
