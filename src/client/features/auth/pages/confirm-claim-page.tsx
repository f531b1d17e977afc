import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { serverErrorText } from "../../../lib/api-error";
import { useConfirmClaim } from "../api/confirm-claim";
import { AuthCard } from "../components/auth-card";
import { AuthNotice } from "../components/auth-notice";
import { ChoosePasswordForm } from "../components/choose-password-form";
import { INVALID_LINK } from "../invalid-link";

// Spec section 7: after existing-customer registration the portal goes to / after 1 second.
export const CLAIM_REDIRECT_DELAY_MS = 1000;

/** A failed stage's `message` is the server's words, or null for the page's own (an invalid link). */
type Stage = { name: "confirming" } | { name: "choosing" } | { name: "failed"; message: string | null };

/** /register-existing/confirm?token=…: the link mailed to an existing customer (decision D8). */
export function ConfirmClaimPage() {
  const { t, i18n } = useLingui();
  // Read directly rather than with useSearchParams, which would add to the first-load bundle.
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const navigate = useNavigate();
  const confirm = useConfirmClaim();
  const { mutate } = confirm;
  const [stage, setStage] = useState<Stage>(
    token === "" ? { name: "failed", message: null } : { name: "confirming" },
  );

  // A link works once, so it is sent once, even when StrictMode runs this effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === "") return;
    sent.current = true;
    mutate(
      { token },
      {
        onError: (error) =>
          setStage(
            // Opened in another browser than the one that asked: the owner chooses the password here.
            error instanceof ApiError && error.status === 422
              ? { name: "choosing" }
              : { name: "failed", message: serverErrorText(error) ?? null },
          ),
      },
    );
  }, [token, mutate]);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = setTimeout(() => void navigate("/", { replace: true }), CLAIM_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  const choosePassword = (password: string) => confirm.mutateAsync({ token, password });

  const heading = confirm.isSuccess
    ? {
        title: t({ id: "claim.confirm.done.title", message: "You're all set" }),
        description: t({
          id: "claim.confirm.finishing",
          message: "Finishing the registration of your customer account.",
        }),
      }
    : stage.name === "failed"
      ? {
          title: t({ id: "auth.link-not-valid", message: "Link not valid" }),
          description: t({
            id: "claim.confirm.failed.description",
            message: "We could not confirm your account with this link.",
          }),
        }
      : stage.name === "choosing"
        ? {
            title: t({ id: "claim.confirm.choose.title", message: "Choose your password" }),
            description: t({
              id: "claim.confirm.choose.description",
              message:
                "This link was opened in another browser than the one that asked for it, so choose the password for your account here.",
            }),
          }
        : {
            title: t({ id: "claim.confirm.confirming", message: "Confirming your email" }),
            description: t({
              id: "claim.confirm.finishing",
              message: "Finishing the registration of your customer account.",
            }),
          };

  return (
    <AuthSplitLayout>
      <AuthCard title={heading.title} description={heading.description}>
        {confirm.isSuccess ? (
          <AuthNotice icon="done">
            {t({
              id: "claim.confirm.done.text",
              message: "Your email is confirmed and you are signed in. Taking you to your dashboard…",
            })}
          </AuthNotice>
        ) : stage.name === "failed" ? (
          <div className="grid gap-4">
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>{t({ id: "auth.registration-failed", message: "Registration Failed" })}</AlertTitle>
              <AlertDescription>{stage.message ?? i18n._(INVALID_LINK)}</AlertDescription>
            </Alert>
            <Button asChild>
              <Link to="/register-existing">
                {t({ id: "auth.request-new-link", message: "Request a new link" })}
              </Link>
            </Button>
          </div>
        ) : stage.name === "choosing" ? (
          <ChoosePasswordForm
            labels={{
              password: t({ id: "login.password", message: "Password" }),
              failure: t({ id: "claim.confirm.not-created", message: "Account not created" }),
            }}
            submitLabel={t({ id: "claim.submit", message: "Create Account & Login" })}
            pending={confirm.isPending}
            onSubmit={choosePassword}
            onInvalidLink={(message) => setStage({ name: "failed", message })}
          />
        ) : (
          <div className="flex justify-center py-6">
            <Spinner
              label={t({ id: "claim.confirm.confirming", message: "Confirming your email" })}
              className="size-8"
            />
          </div>
        )}
      </AuthCard>
    </AuthSplitLayout>
  );
}
