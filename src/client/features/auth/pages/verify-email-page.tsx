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
import { useResendVerification } from "../../../lib/resend-verification";
import { useSessionUser } from "../../../lib/session";
import { useVerifyEmail } from "../api/verify-email";
import { AuthCard } from "../components/auth-card";
import { AuthNotice } from "../components/auth-notice";

/** /verify-email?token=…: the link mailed to a new customer to verify their email. */
export function VerifyEmailPage() {
  const { t } = useLingui();
  const unusableLink = t({
    id: "verify-email.unusable-link",
    message: "This link has expired or was already used.",
  });
  const notVerified = t({ id: "verify-email.not-verified", message: "Email not verified" });
  // Read directly rather than with useSearchParams, which would add to the first-load bundle.
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const { user } = useSessionUser();
  const resend = useResendVerification();

  // A link works once, so it is sent once, even when StrictMode runs this effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === "") return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failed = token === "" || verify.isError;
  // Too many attempts from here is the one failure that is not the link's.
  const limited = verify.error instanceof ApiError && verify.error.status === 429;
  // The link is good but works only in the browser signed in to the account that asked for it.
  const elsewhere =
    verify.error instanceof ApiError && (verify.error.status === 401 || verify.error.status === 403);
  const signedIn = user !== null;

  return (
    <AuthSplitLayout>
      <AuthCard
        title={
          failed
            ? notVerified
            : verify.isSuccess
              ? t({ id: "verify-email.verified", message: "Email verified" })
              : t({ id: "verify-email.verifying", message: "Verifying your email" })
        }
        description={
          failed
            ? t({
                id: "verify-email.failed.description",
                message: "We could not verify your email with this link.",
              })
            : t({ id: "auth.account-email", message: "Your account's email address." })
        }
      >
        {failed ? (
          <div className="grid gap-4">
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>
                {elsewhere
                  ? t({ id: "verify-email.sign-in-to-verify", message: "Sign in to verify your email" })
                  : limited
                    ? notVerified
                    : unusableLink}
              </AlertTitle>
              <AlertDescription>
                {limited || elsewhere
                  ? errorMessage(verify.error, unusableLink)
                  : signedIn
                    ? t({
                        id: "verify-email.ask-new-link",
                        message: "Ask for a new link: it is valid for 30 minutes.",
                      })
                    : t({
                        id: "verify-email.sign-in-for-new-link",
                        message: "Sign in and ask for a new link from your dashboard.",
                      })}
              </AlertDescription>
            </Alert>
            {resend.isSuccess ? <AuthNotice icon="mail">{resend.data.message}</AuthNotice> : null}
            {resend.isError ? (
              <Alert variant="destructive" role="alert">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>
                  {t({ id: "verify-email.resend-failed", message: "No new link sent" })}
                </AlertTitle>
                <AlertDescription>
                  {errorMessage(
                    resend.error,
                    t({ id: "verify-email.try-later", message: "Please try again later." }),
                  )}
                </AlertDescription>
              </Alert>
            ) : null}
            {signedIn && !elsewhere ? (
              <>
                <Button onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
                  {t({ id: "verify-email.resend", message: "Resend the link" })}
                </Button>
                <Button asChild variant="outline">
                  <Link to="/dashboard">
                    {t({ id: "verify-email.go-to-dashboard", message: "Go to the dashboard" })}
                  </Link>
                </Button>
              </>
            ) : (
              <Button asChild>
                <Link to="/login">{t({ id: "auth.sign-in-link", message: "Sign in" })}</Link>
              </Button>
            )}
          </div>
        ) : verify.isSuccess ? (
          <div className="grid gap-4">
            <AuthNotice icon="done">
              {t({ id: "verify-email.done", message: "Your email is verified." })}
            </AuthNotice>
            <Button asChild>
              <Link to={signedIn ? "/dashboard" : "/login"}>
                {signedIn
                  ? t({ id: "verify-email.go-to-dashboard", message: "Go to the dashboard" })
                  : t({ id: "auth.sign-in-link", message: "Sign in" })}
              </Link>
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-6">
            <Spinner
              label={t({ id: "verify-email.verifying", message: "Verifying your email" })}
              className="size-8"
            />
          </div>
        )}
      </AuthCard>
    </AuthSplitLayout>
  );
}
