import { Trans, useLingui } from "@lingui/react/macro";
import { MailWarning, X } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "../../../../shared/api/user";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-error";
import { useResendVerification } from "../../../lib/resend-verification";
import { toast } from "../../../lib/use-toast";

/** Remembered per tab (sessionStorage) and per user, like the welcome banner. */
export function verifyNoticeDismissedKey(user: Pick<CurrentUser, "uid">): string {
  return `verify-email-notice-dismissed:${user.uid}`;
}

function readDismissed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === "1";
  } catch {
    // Storage can be blocked; the notice then simply shows.
    return false;
  }
}

/**
 * Asks a customer whose email is not verified yet to follow the mailed link, and offers a new one.
 * Dismissed, it stays away for the rest of the browser session; the page shows it only while the
 * email is unverified, so it is gone for good once it is.
 */
export function VerifyEmailNotice({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const key = verifyNoticeDismissedKey(user);
  const [dismissed, setDismissed] = useState(() => readDismissed(key));
  const resend = useResendVerification();
  if (dismissed) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(key, "1");
    } catch {
      // Not remembered, but hidden for now.
    }
    setDismissed(true);
  };

  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) =>
        toast({
          title: t({ id: "dashboard.verify.sent", message: "Verification link" }),
          description: answer.message,
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t({ id: "dashboard.verify.not-sent", message: "No new link sent" }),
          description: errorMessage(
            error,
            t({ id: "dashboard.verify.not-sent-text", message: "Please try again later." }),
          ),
        }),
    });

  const { email } = user;
  return (
    <section
      aria-labelledby="verify-email-notice-title"
      className="relative rounded-xl border border-amber-500/40 bg-amber-50 p-5 pr-14 sm:pr-16 dark:border-amber-400/30 dark:bg-amber-950/30"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-amber-500/15 text-amber-700 sm:flex dark:text-amber-300">
          <MailWarning aria-hidden="true" className="size-5" />
        </span>
        <div className="space-y-2">
          <h2 id="verify-email-notice-title" className="text-base font-semibold tracking-tight">
            {t({ id: "dashboard.verify.title", message: "Verify your email" })}
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans id="dashboard.verify.text">
              We sent a link to <span className="font-medium text-foreground">{email}</span>. Follow it to
              confirm the address is yours, so that your customer records can be linked to your login. The
              link is valid for 30 minutes.
            </Trans>
          </p>
          <Button variant="outline" size="sm" onClick={sendAgain} disabled={resend.isPending}>
            {t({ id: "dashboard.verify.resend", message: "Resend the link" })}
          </Button>
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        onClick={dismiss}
        aria-label={t({ id: "dashboard.verify.dismiss", message: "Dismiss the email verification notice" })}
        className="absolute top-3 right-3 text-muted-foreground hover:text-foreground"
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
