import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/api-error";
import { useConfirmEmailChange } from "../api/confirm-email-change";
import { AuthCard } from "../components/auth-card";
import { AuthNotice } from "../components/auth-notice";
import { INVALID_LINK } from "../invalid-link";

/** /settings/confirm-email?token=…: the link mailed to a new address asked for in Settings. */
export function ConfirmEmailPage() {
  const { t, i18n } = useLingui();
  const invalidLinkText = i18n._(INVALID_LINK);
  const notChanged = t({ id: "confirm-email.not-changed", message: "Email not changed" });
  const goToSettings = t({ id: "confirm-email.go-to-settings", message: "Go to Settings" });
  // Read directly rather than with useSearchParams, which would add to the first-load bundle.
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;

  // A link works once, so it is sent once, even when StrictMode runs this effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === "") return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failed = token === "" || confirm.isError;
  // The link is good but works only in the browser signed in to the account that asked for it.
  const signInFirst = confirm.error instanceof ApiError && confirm.error.status === 401;
  // The server's words for the change, which the page's own sentence follows.
  const changed = confirm.data?.message ?? "";

  return (
    <AuthSplitLayout>
      <AuthCard
        title={
          failed
            ? notChanged
            : confirm.isSuccess
              ? t({ id: "confirm-email.changed", message: "Email changed" })
              : t({ id: "confirm-email.confirming", message: "Confirming your new email" })
        }
        description={
          failed
            ? t({
                id: "confirm-email.failed.description",
                message: "We could not confirm the new address with this link.",
              })
            : t({ id: "auth.account-email", message: "Your account's email address." })
        }
      >
        {failed ? (
          <div className="grid gap-4">
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>{notChanged}</AlertTitle>
              <AlertDescription>
                {token === "" ? invalidLinkText : errorMessage(confirm.error, invalidLinkText)}
              </AlertDescription>
            </Alert>
            <Button asChild>
              {signInFirst ? (
                <Link to="/login">{t({ id: "auth.sign-in-link", message: "Sign in" })}</Link>
              ) : (
                <Link to="/settings">{goToSettings}</Link>
              )}
            </Button>
          </div>
        ) : confirm.isSuccess ? (
          <div className="grid gap-4">
            <AuthNotice icon="done">
              {t({
                id: "confirm-email.done",
                message: `${changed} Sign in with it from now on.`,
              })}
            </AuthNotice>
            <Button asChild>
              <Link to="/settings">{goToSettings}</Link>
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-6">
            <Spinner
              label={t({ id: "confirm-email.confirming", message: "Confirming your new email" })}
              className="size-8"
            />
          </div>
        )}
      </AuthCard>
    </AuthSplitLayout>
  );
}
