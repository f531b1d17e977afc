import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CircleAlert, MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { PRODUCT_NAME } from "../../../components/brand-mark";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { errorMessage, failureText } from "../../../lib/api-error";
import { useDisownSignIn } from "../api/disown-sign-in";

// The server's words for a link that cannot be used (src/server/platform/i18n/shared-texts.ts), for a page
// opened without a token.
const INVALID_LINK = msg({
  id: "error.link.invalid",
  message: "This link is invalid, has expired or has already been used. Please request a new one.",
});

function Frame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <AuthSplitLayout>
      <div className="flex flex-col gap-5 rounded-xl border bg-card py-6 text-card-foreground shadow-sm">
        <title>{`${title} · ${PRODUCT_NAME}`}</title>
        <div className="flex flex-col gap-1.5 px-6">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <div className="grid gap-4 px-6">{children}</div>
      </div>
    </AuthSplitLayout>
  );
}

/**
 * /not-me?token=…: the new-sign-in mail's "This wasn't me" (decision 072). Opening the page changes
 * nothing, so a mail scanner that fetches the link does no harm; its button ends the session, and
 * the owner is sent a link to choose a new password.
 */
export function NotMePage() {
  const { t, i18n } = useLingui();
  // Read directly, as the reset page does.
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const disown = useDisownSignIn();
  const refused =
    token === ""
      ? i18n._(INVALID_LINK)
      : disown.error instanceof ApiError && disown.error.status === 400
        ? errorMessage(disown.error, i18n._(INVALID_LINK))
        : null;

  if (refused !== null) {
    return (
      <Frame
        title={t({ id: "not-me.invalid.title", message: "Link not valid" })}
        description={t({ id: "not-me.invalid.description", message: "This link cannot be used any more." })}
      >
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>
            {t({ id: "not-me.invalid.nothing-changed", message: "Nothing was changed" })}
          </AlertTitle>
          <AlertDescription>{refused}</AlertDescription>
        </Alert>
        <p className="text-sm text-muted-foreground">
          {t({
            id: "not-me.invalid.what-now",
            message:
              "If you still think someone else signed in, choose a new password: every session then ends.",
          })}
        </p>
        <Button asChild>
          <Link to="/forgot-password">
            {t({ id: "not-me.invalid.reset", message: "Choose a new password" })}
          </Link>
        </Button>
      </Frame>
    );
  }

  if (disown.isSuccess) {
    return (
      <Frame
        title={t({ id: "not-me.done.title", message: "Now choose a new password" })}
        description={t({
          id: "not-me.done.description",
          message: "Whoever signed in may know your password: change it before anything else.",
        })}
      >
        <div role="status" className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary dark:text-blue-300">
            <MailCheck aria-hidden="true" className="size-4.5" />
          </span>
          <span className="leading-relaxed">{disown.data.message}</span>
        </div>
        <p className="text-sm text-muted-foreground">
          {t({
            id: "not-me.done.next",
            message:
              "Open that mail and follow its link within 30 minutes. Choosing the new password signs every browser out.",
          })}
        </p>
      </Frame>
    );
  }

  return (
    <Frame
      title={t({ id: "not-me.title", message: "This wasn't me" })}
      description={t({
        id: "not-me.description",
        message:
          "End the session of the sign-in we mailed you about. We will then mail you a link to choose a new password.",
      })}
    >
      {disown.isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{t({ id: "not-me.failed", message: "The session was not ended" })}</AlertTitle>
          <AlertDescription>{failureText(disown.error)}</AlertDescription>
        </Alert>
      ) : null}
      <Button disabled={disown.isPending} onClick={() => disown.mutate(token)}>
        {disown.isPending
          ? t({ id: "not-me.ending", message: "Ending the session…" })
          : t({ id: "not-me.submit", message: "End that session" })}
      </Button>
      <Button asChild variant="ghost">
        <Link to="/login">{t({ id: "not-me.was-me", message: "It was me after all" })}</Link>
      </Button>
    </Frame>
  );
}
