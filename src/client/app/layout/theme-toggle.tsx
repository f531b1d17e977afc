import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Monitor, Moon, Sun } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { type Theme, useTheme } from "../providers/theme-provider";

const CHOICES: Array<{ theme: Theme; label: MessageDescriptor; name: MessageDescriptor; Icon: typeof Sun }> =
  [
    {
      theme: "light",
      label: msg({ id: "layout.theme.light", message: "Light" }),
      name: msg({ id: "layout.theme.light.name", message: "Light theme" }),
      Icon: Sun,
    },
    {
      theme: "dark",
      label: msg({ id: "layout.theme.dark", message: "Dark" }),
      name: msg({ id: "layout.theme.dark.name", message: "Dark theme" }),
      Icon: Moon,
    },
    {
      theme: "system",
      label: msg({ id: "layout.theme.system", message: "System" }),
      name: msg({ id: "layout.theme.system.name", message: "System theme" }),
      Icon: Monitor,
    },
  ];

/**
 * The three theme choices of decision R1, the chosen one pressed. "System" follows the operating
 * system's setting, and can be chosen again after light or dark.
 */
export function ThemeToggle() {
  const { i18n, t } = useLingui();
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className="grid grid-cols-3 gap-1 rounded-lg bg-sidebar-accent/50 p-1">
      <legend className="sr-only">{t({ id: "layout.theme.legend", message: "Theme" })}</legend>
      {CHOICES.map(({ theme: choice, label, name, Icon }) => {
        const pressed = theme === choice;
        return (
          <Button
            key={choice}
            variant="ghost"
            size="sm"
            aria-pressed={pressed}
            aria-label={i18n._(name)}
            onClick={() => setTheme(choice)}
            className={cn(
              "h-8 gap-1.5 px-2 text-xs",
              pressed
                ? "bg-background text-foreground shadow-sm hover:bg-background"
                : "text-sidebar-muted-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
            )}
          >
            <Icon aria-hidden="true" />
            {i18n._(label)}
          </Button>
        );
      })}
    </fieldset>
  );
}
