import { CircleAlert } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { PasswordInput } from "../../../components/ui/password-input";
import { loginErrorMessage, useLogin } from "../api/login";
import { AuthCard, AuthFooterLink, authLinkClass } from "../components/auth-card";
import { EmailField } from "../components/email-field";
import { GoogleOutcomeNotice } from "../components/google-outcome-notice";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { OrDivider } from "../components/or-divider";
import { PasskeySignInButton } from "../components/passkey-sign-in-button";
import { useLoginForm } from "../login/use-login-form";

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  // The server's answer is shown as a whole, in the alert: a sign-in failure is never about one field.
  const form = useLoginForm(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch {
      // Shown by the alert below from the mutation's error.
      return;
    }
    await navigate("/dashboard", { replace: true });
  });
  const { errors } = form;

  return (
    <AuthSplitLayout>
      <AuthCard
        title="Sign in"
        description="Sign in to manage your LinkedIn accounts, orders and billing."
        footer={
          <>
            <AuthFooterLink prompt="Don't have an account?" to="/register">
              Create an account
            </AuthFooterLink>
            <AuthFooterLink prompt="Existing customer?" to="/register-existing">
              Set up your login
            </AuthFooterLink>
          </>
        }
      >
        <div className="grid gap-5">
          <GoogleOutcomeNotice />
          {login.isError ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Login Failed</AlertTitle>
              <AlertDescription>{loginErrorMessage(login.error)}</AlertDescription>
            </Alert>
          ) : null}
          <form noValidate onSubmit={form.onSubmit} onFocus={form.prepare} className="grid gap-4">
            <EmailField register={() => form.field("email")} error={errors.email} />
            <FormField
              label="Password"
              error={errors.password}
              labelAside={
                <Link to="/forgot-password" className={`text-sm ${authLinkClass}`}>
                  Forgot password?
                </Link>
              }
            >
              {(control) => (
                <PasswordInput {...control} autoComplete="current-password" {...form.field("password")} />
              )}
            </FormField>
            <SubmitButton className="mt-1 w-full" pending={login.isPending} pendingLabel="Signing in…">
              Sign in
            </SubmitButton>
          </form>
          <OrDivider />
          <GoogleSignInButton />
          <PasskeySignInButton />
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}
