import { passwordStrength } from "../../../../shared/password-strength";
import { cn } from "../../../lib/utils";

export const PASSWORD_HINT = "Use 8+ characters with letters, numbers & symbols";

const colours = {
  red: { bar: "bg-red-500", text: "text-red-700 dark:text-red-300", label: "Weak" },
  yellow: { bar: "bg-yellow-400", text: "text-yellow-800 dark:text-yellow-300", label: "Fair" },
  green: { bar: "bg-green-500", text: "text-green-700 dark:text-green-300", label: "Strong" },
} as const;

/**
 * Four bars, one filled per point of `passwordStrength` (spec section 5: score 2 or less red, 3 yellow,
 * 4 green), the strength in words (colour is never the only cue), and the hint.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { score, colour } = passwordStrength(password);
  const style = colours[colour];
  return (
    <div className="grid gap-1.5" data-testid="password-strength">
      <div aria-hidden="true" className="grid grid-cols-4 gap-1.5">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            data-filled={bar <= score ? "true" : "false"}
            data-colour={bar <= score ? colour : undefined}
            className={cn(
              "h-1.5 rounded-full transition-colors duration-200",
              bar <= score ? style.bar : "bg-muted-foreground/20",
            )}
          />
        ))}
      </div>
      <div className="flex items-start justify-between gap-3 text-xs">
        <span className="text-muted-foreground">{PASSWORD_HINT}</span>
        {password ? (
          <span className={cn("shrink-0 font-medium", style.text)}>
            <span className="sr-only">Password strength: </span>
            {style.label}
          </span>
        ) : null}
      </div>
    </div>
  );
}
