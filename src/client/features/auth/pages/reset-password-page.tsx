import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { INVALID_LINK_MESSAGE } from "../../../../shared/api/auth";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { serverErrorText, splitFieldErrors } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useResetPassword } from "../api/reset-password";
import { AuthCard, authLinkClass } from "../components/auth-card";
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
  const [invalidLink, setInvalidLink] = useState<string | null>(token === "" ? INVALID_LINK_MESSAGE : null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Returns the password field's error, if the server had one; other failures are shown above the form. */
  const choosePassword = async (password: string): Promise<string | null> => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password });
      toast({ title: "Password updated", description: "Sign in with your new password." });
      return null;
    } catch (error) {
      const message = serverErrorText(error);
      const { fieldErrors, otherErrors } = splitFieldErrors(message ?? "", ["password"] as const);
      if (fieldErrors.password) return fieldErrors.password;
      if (error instanceof ApiError && error.status === 400) setInvalidLink(message ?? INVALID_LINK_MESSAGE);
      else setFailure(otherErrors.join(" ") || "Something went wrong. Please try again.");
      return null;
    }
  };

  if (invalidLink !== null) return <InvalidLink message={invalidLink} />;

  if (reset.isSuccess) {
    return (
      <AuthSplitLayout>
        <AuthCard title="Password updated" description="Your new password is ready to use.">
          <div className="grid gap-4">
            <div role="status" className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              <span className="leading-relaxed">{reset.data.message}</span>
            </div>
            <Button asChild>
              <Link to="/login">Go to sign in</Link>
            </Button>
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
          <p className="text-muted-foreground">
            Changed your mind?{" "}
            <Link to="/login" className={authLinkClass}>
              Back to sign in
            </Link>
          </p>
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
          failure={failure}
          onSubmit={choosePassword}
        />
      </AuthCard>
    </AuthSplitLayout>
  );
}
