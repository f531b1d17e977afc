import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { withReturnPath } from "../../../../shared/return-path";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { PasswordInput } from "../../../components/ui/password-input";
import { Spinner } from "../../../components/ui/spinner";
import { useReturnPath, useSignInDestination } from "../../../lib/return-path";
import { loginErrorMessage, useLogin } from "../api/login";
import { AuthCard, AuthFooterLink, authLinkClass } from "../components/auth-card";
import { EmailField } from "../components/email-field";
import { GoogleOutcomeNotice } from "../components/google-outcome-notice";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { LoginNoticeBanner } from "../components/login-notice-banner";
import { OrDivider } from "../components/or-divider";
import { PasskeySignInButton } from "../components/passkey-sign-in-button";
import { useLoginForm } from "../login/use-login-form";

// Only accounts with an authenticator app see the second step: it loads when the password was right.
const SecondFactorForm = lazy(async () => ({
  default: (await import("../components/second-factor-form")).SecondFactorForm,
}));

export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // The page asked for before sign-in (`?next=`), kept by every way of signing in (decision 031).
  const returnPath = useReturnPath();
  const destination = useSignInDestination();
  const login = useLogin();
  const [secondStep, setSecondStep] = useState(false);
  const [restartMessage, setRestartMessage] = useState("");
  // The server's answer is shown as a whole, in the alert: a sign-in failure is never about one field.
  const form = useLoginForm(async (values) => {
    setRestartMessage("");
    let answer: Awaited<ReturnType<typeof login.mutateAsync>>;
    try {
      answer = await login.mutateAsync(values);
    } catch {
      // Shown by the alert below from the mutation's error.
      return;
    }
    if ("secondFactor" in answer) {
      setSecondStep(true);
      return;
    }
    await navigate(destination, { replace: true });
  });
  const { errors } = form;

  if (secondStep) {
    return (
      <AuthSplitLayout>
        <AuthCard
          title={t({ id: "login.second-step.title", message: "Two-factor authentication" })}
          description={t({
            id: "login.second-step.description",
            message: "Enter the 6-digit code from your authenticator app to finish signing in.",
          })}
        >
          <Suspense
            fallback={
              <div className="flex justify-center py-6">
                <Spinner label={t({ id: "common.loading", message: "Loading" })} />
              </div>
            }
          >
            <SecondFactorForm
              onSignedIn={() => void navigate(destination, { replace: true })}
              onRestart={(message) => {
                login.reset();
                setRestartMessage(message);
                setSecondStep(false);
              }}
            />
          </Suspense>
        </AuthCard>
      </AuthSplitLayout>
    );
  }

  return (
    <AuthSplitLayout>
      <AuthCard
        title={t({ id: "login.title", message: "Sign in" })}
        description={t({
          id: "login.description",
          message: "Sign in to manage your LinkedIn accounts, orders and billing.",
        })}
        footer={
          <>
            <AuthFooterLink
              prompt={t({ id: "login.no-account", message: "Don't have an account?" })}
              to={withReturnPath("/register", returnPath)}
            >
              {t({ id: "login.create-account", message: "Create an account" })}
            </AuthFooterLink>
            <AuthFooterLink
              prompt={t({ id: "login.existing-customer", message: "Existing customer?" })}
              to="/register-existing"
            >
              {t({ id: "login.set-up-login", message: "Set up your login" })}
            </AuthFooterLink>
          </>
        }
      >
        <div className="grid gap-5">
          <LoginNoticeBanner />
          <GoogleOutcomeNotice />
          {restartMessage ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>{t({ id: "login.sign-in-again", message: "Sign in again" })}</AlertTitle>
              <AlertDescription>{restartMessage}</AlertDescription>
            </Alert>
          ) : null}
          {login.isError ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>{t({ id: "login.failed", message: "Login Failed" })}</AlertTitle>
              <AlertDescription>{loginErrorMessage(login.error)}</AlertDescription>
            </Alert>
          ) : null}
          <form noValidate onSubmit={form.onSubmit} onFocus={form.prepare} className="grid gap-4">
            <EmailField register={() => form.field("email")} error={errors.email} />
            <FormField
              label={t({ id: "login.password", message: "Password" })}
              error={errors.password}
              labelAside={
                <Link to="/forgot-password" className={`text-sm ${authLinkClass}`}>
                  {t({ id: "login.forgot-password", message: "Forgot password?" })}
                </Link>
              }
            >
              {(control) => (
                <PasswordInput {...control} autoComplete="current-password" {...form.field("password")} />
              )}
            </FormField>
            <SubmitButton
              className="mt-1 w-full"
              pending={login.isPending}
              pendingLabel={t({ id: "login.signing-in", message: "Signing in…" })}
            >
              {t({ id: "login.submit", message: "Sign in" })}
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
