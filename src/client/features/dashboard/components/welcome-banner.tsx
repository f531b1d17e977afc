import { useLingui } from "@lingui/react/macro";
import { Sparkles, X } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "../../../../shared/api/user";
import { Button } from "../../../components/ui/button";

const DAY_MS = 24 * 3_600_000;

/** Remembered per tab (sessionStorage) and per user, so the next person to sign in here still sees theirs. */
export function welcomeDismissedKey(user: Pick<CurrentUser, "uid">): string {
  return `welcome-banner-dismissed:${user.uid}`;
}

function readDismissed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === "1";
  } catch {
    // Storage can be blocked; the banner then simply shows.
    return false;
  }
}

/** "Dana" from "Dana Smith"; the whole name when it has no spaces. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/**
 * Greets the user by first name; once dismissed it stays away for the rest of the browser session.
 * Only a new customer known to have no accounts is asked to order their first ones: an existing
 * customer who has just registered may already have many.
 */
export function WelcomeBanner({
  user,
  accountCount,
}: {
  user: CurrentUser;
  /** The customer's LinkedIn accounts; undefined while they load or when they could not be read. */
  accountCount: number | undefined;
}) {
  const { t } = useLingui();
  const key = welcomeDismissedKey(user);
  const [dismissed, setDismissed] = useState(() => readDismissed(key));
  if (dismissed) return null;

  const isNew = Date.now() - new Date(user.createdAt).getTime() < DAY_MS;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(key, "1");
    } catch {
      // Not remembered, but hidden for now.
    }
    setDismissed(true);
  };

  const name = firstName(user.name);
  return (
    <section
      aria-labelledby="welcome-banner-title"
      className="relative overflow-hidden rounded-xl border border-primary/20 bg-gradient-to-br from-primary/10 via-primary/5 to-transparent p-5 pr-14 sm:p-6 sm:pr-16 dark:border-primary/30 dark:from-primary/20"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm sm:flex">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <div className="space-y-1">
          <h2 id="welcome-banner-title" className="text-lg font-semibold tracking-tight">
            {isNew
              ? t({ id: "dashboard.welcome.new", message: `Welcome, ${name}!` })
              : t({ id: "dashboard.welcome.back", message: `Welcome back, ${name}!` })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {isNew && accountCount === 0
              ? t({
                  id: "dashboard.welcome.new-text",
                  message:
                    "Your account is ready. Order your first LinkedIn accounts, or explore the portal from the menu.",
                })
              : t({
                  id: "dashboard.welcome.back-text",
                  message: "Here is an overview of your accounts. Order more whenever you need them.",
                })}
          </p>
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        onClick={dismiss}
        aria-label={t({ id: "dashboard.welcome.dismiss", message: "Dismiss welcome message" })}
        className="absolute top-3 right-3 text-muted-foreground hover:text-foreground"
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
