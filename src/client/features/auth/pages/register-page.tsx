import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useWatch } from "react-hook-form";
import { withReturnPath } from "../../../../shared/return-path";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { FormField } from "../../../components/form-field";
import { NewPasswordField } from "../../../components/new-password-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Input } from "../../../components/ui/input";
import { useReturnPath } from "../../../lib/return-path";
import { useServerForm } from "../../../lib/use-server-form";
import { useRegister } from "../api/register";
import { AuthCard, AuthFooterLink } from "../components/auth-card";
import { ConfirmPasswordField } from "../components/confirm-password-field";
import { EmailField } from "../components/email-field";
import { GoogleOutcomeNotice } from "../components/google-outcome-notice";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { OrDivider } from "../components/or-divider";
import { registerFormSchema } from "../form-schemas";

// The existing customers' "Check your email", loaded only once a link is sent: a static import would
// bring that screen into what a first visit to /login downloads.
const CheckYourEmail = lazy(() =>
  import("./register-existing-page").then((screen) => ({ default: screen.CheckYourEmail })),
);

export function RegisterPage() {
  const { t } = useLingui();
  const returnPath = useReturnPath();
  const register = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  // The neutral answer (decision 071): the account is finished by the mailed link.
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { form, showServerError } = useServerForm(registerFormSchema, {
    defaultValues: { name: "", username: "", email: "", password: "", confirmPassword: "" },
    serverFields: ["name", "username", "email", "password"],
  });
  const { errors } = form.formState;
  const [password = "", confirmPassword = "", name = "", username = "", email = ""] = useWatch({
    control: form.control,
    name: ["password", "confirmPassword", "name", "username", "email"],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await register.mutateAsync(values);
      setSentMessage(answer.message);
    } catch (error) {
      // A problem with one field ("username: This username is already taken") is shown on that field.
      const { fields, otherErrors } = showServerError(error);
      // Spec section 8: the rest of the message, or "Registration failed".
      if (otherErrors.length > 0 || fields.length === 0) {
        setFailure(
          otherErrors.length > 0
            ? otherErrors.join(" ")
            : t({ id: "register.failed-fallback", message: "Registration failed" }),
        );
      }
    }
  });

  if (sentMessage !== null) {
    return (
      <Suspense fallback={null}>
        <CheckYourEmail
          message={sentMessage}
          onStartOver={() => {
            setSentMessage(null);
            form.reset();
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthSplitLayout>
      <AuthCard
        title={t({ id: "register.title", message: "Create an account" })}
        description={t({
          id: "register.description",
          message: "Create your account to order and manage LinkedIn accounts.",
        })}
        footer={
          <>
            <AuthFooterLink
              prompt={t({ id: "register.have-account", message: "Already have an account?" })}
              to={withReturnPath("/login", returnPath)}
            >
              {t({ id: "auth.sign-in-link", message: "Sign in" })}
            </AuthFooterLink>
            <AuthFooterLink
              prompt={t({ id: "register.bought-before", message: "Bought from us before?" })}
              to="/register-existing"
            >
              {t({ id: "register.existing-customer", message: "Register as an existing customer" })}
            </AuthFooterLink>
          </>
        }
      >
        <div className="grid gap-5">
          <GoogleOutcomeNotice />
          {failure ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>{t({ id: "auth.registration-failed", message: "Registration Failed" })}</AlertTitle>
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <FormField label={t({ id: "register.name", message: "Full name" })} error={errors.name?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="name"
                  placeholder={t({ id: "register.name-placeholder", message: "Dana Smith" })}
                  {...form.register("name")}
                />
              )}
            </FormField>
            <FormField
              label={t({ id: "register.username", message: "Username" })}
              error={errors.username?.message}
              hint={t({ id: "register.username-hint", message: "Optional. Leave empty for none." })}
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="dana.smith"
                  {...form.register("username")}
                />
              )}
            </FormField>
            <EmailField register={() => form.register("email")} error={errors.email?.message} />
            <NewPasswordField
              register={() => form.register("password")}
              error={errors.password?.message}
              password={password}
              userInputs={[name, username ?? "", email]}
            />
            <ConfirmPasswordField
              register={() => form.register("confirmPassword")}
              error={errors.confirmPassword?.message}
              password={password}
              confirmation={confirmPassword}
            />
            <SubmitButton
              className="mt-1 w-full"
              pending={register.isPending}
              pendingLabel={t({ id: "register.creating", message: "Creating account…" })}
            >
              {t({ id: "register.submit", message: "Create account" })}
            </SubmitButton>
          </form>
          <OrDivider />
          <GoogleSignInButton />
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}
