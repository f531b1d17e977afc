import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useResetLinkCheck } from "../api/check-reset-link";
import { useResetPassword } from "../api/reset-password";
import { AuthCard, AuthFooterLink } from "../components/auth-card";
import { AuthNotice } from "../components/auth-notice";
import { ChoosePasswordForm } from "../components/choose-password-form";
import { INVALID_LINK } from "../invalid-link";

function InvalidLink({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <AuthSplitLayout>
      <AuthCard
        title={t({ id: "auth.link-not-valid", message: "Link not valid" })}
        description={t({
          id: "reset-password.invalid.description",
          message: "This password reset link cannot be used.",
        })}
      >
        <div className="grid gap-4">
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>
              {t({ id: "reset-password.not-changed", message: "Password not changed" })}
            </AlertTitle>
            <AlertDescription>{message}</AlertDescription>
          </Alert>
          <Button asChild>
            <Link to="/forgot-password">
              {t({ id: "auth.request-new-link", message: "Request a new link" })}
            </Link>
          </Button>
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}

/** /reset-password?token=…: the link of a password-reset email. */
export function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  const invalidLinkText = i18n._(INVALID_LINK);
  // Read directly rather than with useSearchParams, which would add to the first-load bundle.
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const reset = useResetPassword();
  // The link is checked as the page opens, so a used or expired one is said to be so before a
  // password is chosen for nothing. Only the server's refusal of the link (400) ends the form: a
  // check that failed otherwise leaves the form, whose submit reports what is wrong.
  const check = useResetLinkCheck(token, !reset.isSuccess);
  const refusedOnOpen =
    check.error instanceof ApiError && check.error.status === 400
      ? errorMessage(check.error, invalidLinkText)
      : null;
  const [refusedOnSubmit, setInvalidLink] = useState<string | null>(null);
  const invalidLink = token === "" ? invalidLinkText : (refusedOnSubmit ?? refusedOnOpen);
  const choosePassword = async (password: string) => {
    await reset.mutateAsync({ token, password });
    toast({
      title: t({ id: "reset-password.updated.title", message: "Password updated" }),
      description: t({ id: "reset-password.updated.toast", message: "Sign in with your new password." }),
    });
  };

  if (invalidLink !== null) return <InvalidLink message={invalidLink} />;

  if (reset.isSuccess) {
    return (
      <AuthSplitLayout>
        <AuthCard
          title={t({ id: "reset-password.updated.title", message: "Password updated" })}
          description={t({
            id: "reset-password.updated.description",
            message: "Your new password is ready to use.",
          })}
        >
          <div className="grid gap-4">
            <AuthNotice icon="done">{reset.data.message}</AuthNotice>
            <Button asChild>
              <Link to="/login">{t({ id: "reset-password.go-to-sign-in", message: "Go to sign in" })}</Link>
            </Button>
          </div>
        </AuthCard>
      </AuthSplitLayout>
    );
  }

  if (check.isPending) {
    return (
      <AuthSplitLayout>
        <AuthCard
          title={t({ id: "reset-password.checking.title", message: "Reset your password" })}
          description={t({ id: "reset-password.checking.description", message: "Checking your link." })}
        >
          <div className="flex justify-center py-6">
            <Spinner
              label={t({ id: "reset-password.checking.label", message: "Checking your link" })}
              className="size-8"
            />
          </div>
        </AuthCard>
      </AuthSplitLayout>
    );
  }

  return (
    <AuthSplitLayout>
      <AuthCard
        title={t({ id: "reset-password.title", message: "Choose a new password" })}
        description={t({
          id: "reset-password.description",
          message: "Your other sessions will be signed out once the password is changed.",
        })}
        footer={
          <AuthFooterLink
            prompt={t({ id: "reset-password.changed-mind", message: "Changed your mind?" })}
            to="/login"
          >
            {t({ id: "auth.back-to-sign-in", message: "Back to sign in" })}
          </AuthFooterLink>
        }
      >
        <ChoosePasswordForm
          labels={{
            password: t({ id: "reset-password.new-password", message: "New password" }),
            confirmation: t({ id: "reset-password.confirm-new-password", message: "Confirm new password" }),
            failure: t({ id: "reset-password.not-changed", message: "Password not changed" }),
          }}
          submitLabel={t({ id: "reset-password.submit", message: "Update password" })}
          pending={reset.isPending}
          onSubmit={choosePassword}
          onInvalidLink={setInvalidLink}
        />
      </AuthCard>
    </AuthSplitLayout>
  );
}
