import { CircleAlert } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { loginSchema } from "../../../../shared/api/auth";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { PasswordInput } from "../../../components/ui/password-input";
import { useServerForm } from "../../../lib/use-server-form";
import { loginErrorMessage, useLogin } from "../api/login";
import { AuthCard, AuthFooterLink, authLinkClass } from "../components/auth-card";
import { EmailField } from "../components/email-field";
import { GoogleOutcomeNotice } from "../components/google-outcome-notice";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { OrDivider } from "../components/or-divider";

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  // The server's answer is shown as a whole, in the alert: a sign-in failure is never about one field.
  const { form } = useServerForm(loginSchema, { defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch {
      // Shown by the alert below from the mutation's error.
      return;
    }
    await navigate("/dashboard", { replace: true });
  });

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
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <EmailField register={() => form.register("email")} error={errors.email?.message} />
            <FormField
              label="Password"
              error={errors.password?.message}
              labelAside={
                <Link to="/forgot-password" className={`text-sm ${authLinkClass}`}>
                  Forgot password?
                </Link>
              }
            >
              {(control) => (
                <PasswordInput {...control} autoComplete="current-password" {...form.register("password")} />
              )}
            </FormField>
            <SubmitButton className="mt-1 w-full" pending={login.isPending} pendingLabel="Signing in…">
              Sign in
            </SubmitButton>
          </form>
          <OrDivider />
          <GoogleSignInButton />
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}
