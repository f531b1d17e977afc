import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { INVALID_LINK_MESSAGE } from "../../../../shared/api/auth";
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

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthSplitLayout>
      <AuthCard title="Link not valid" description="This password reset link cannot be used.">
        <div className="grid gap-4">
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>Password not changed</AlertTitle>
            <AlertDescription>{message}</AlertDescription>
          </Alert>
          <Button asChild>
            <Link to="/forgot-password">Request a new link</Link>
          </Button>
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}

/** /reset-password?token=…: the link of a password-reset email. */
export function ResetPasswordPage() {
  // Read directly rather than with useSearchParams, which would add to the first-load bundle.
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const reset = useResetPassword();
  // The link is checked as the page opens, so a used or expired one is said to be so before a
  // password is chosen for nothing. Only the server's refusal of the link (400) ends the form: a
  // check that failed otherwise leaves the form, whose submit reports what is wrong.
  const check = useResetLinkCheck(token, !reset.isSuccess);
  const refusedOnOpen =
    check.error instanceof ApiError && check.error.status === 400
      ? errorMessage(check.error, INVALID_LINK_MESSAGE)
      : null;
  const [refusedOnSubmit, setInvalidLink] = useState<string | null>(null);
  const invalidLink = token === "" ? INVALID_LINK_MESSAGE : (refusedOnSubmit ?? refusedOnOpen);
  const choosePassword = async (password: string) => {
    await reset.mutateAsync({ token, password });
    toast({ title: "Password updated", description: "Sign in with your new password." });
  };

  if (invalidLink !== null) return <InvalidLink message={invalidLink} />;

  if (reset.isSuccess) {
    return (
      <AuthSplitLayout>
        <AuthCard title="Password updated" description="Your new password is ready to use.">
          <div className="grid gap-4">
            <AuthNotice icon="done">{reset.data.message}</AuthNotice>
            <Button asChild>
              <Link to="/login">Go to sign in</Link>
            </Button>
          </div>
        </AuthCard>
      </AuthSplitLayout>
    );
  }

  if (check.isPending) {
    return (
      <AuthSplitLayout>
        <AuthCard title="Reset your password" description="Checking your link.">
          <div className="flex justify-center py-6">
            <Spinner label="Checking your link" className="size-8" />
          </div>
        </AuthCard>
      </AuthSplitLayout>
    );
  }

  return (
    <AuthSplitLayout>
      <AuthCard
        title="Choose a new password"
        description="Your other sessions will be signed out once the password is changed."
        footer={
          <AuthFooterLink prompt="Changed your mind?" to="/login">
            Back to sign in
          </AuthFooterLink>
        }
      >
        <ChoosePasswordForm
          labels={{
            password: "New password",
            confirmation: "Confirm new password",
            failure: "Password not changed",
          }}
          submitLabel="Update password"
          pending={reset.isPending}
          onSubmit={choosePassword}
          onInvalidLink={setInvalidLink}
        />
      </AuthCard>
    </AuthSplitLayout>
  );
}
