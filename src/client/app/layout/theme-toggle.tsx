import { Monitor, Moon, Sun } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { type Theme, useTheme } from "../providers/theme-provider";

const CHOICES: Array<{ theme: Theme; label: string; Icon: typeof Sun }> = [
  { theme: "light", label: "Light", Icon: Sun },
  { theme: "dark", label: "Dark", Icon: Moon },
  { theme: "system", label: "System", Icon: Monitor },
];

/**
 * The three theme choices of decision R1, the chosen one pressed. "System" follows the operating
 * system's setting, and can be chosen again after light or dark.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className="grid grid-cols-3 gap-1 rounded-lg bg-sidebar-accent/50 p-1">
      <legend className="sr-only">Theme</legend>
      {CHOICES.map(({ theme: choice, label, Icon }) => {
        const pressed = theme === choice;
        return (
          <Button
            key={choice}
            variant="ghost"
            size="sm"
            aria-pressed={pressed}
            aria-label={`${label} theme`}
            onClick={() => setTheme(choice)}
            className={cn(
              "h-8 gap-1.5 px-2 text-xs",
              pressed
                ? "bg-background text-foreground shadow-sm hover:bg-background"
                : "text-sidebar-muted-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
            )}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        );
      })}
    </fieldset>
  );
}
