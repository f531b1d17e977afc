import { useLingui } from "@lingui/react/macro";
import { Link2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { PASSWORD_MIN } from "../../../../shared/api/auth";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { ApiError } from "../../../lib/api-client";
import { withoutFieldPrefix } from "../../../lib/api-error";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../lib/use-toast";
import { useRegisterExistingUser } from "../api/register-existing-user";
import { AuthCard, AuthFooterLink } from "../components/auth-card";
import { AuthNotice } from "../components/auth-notice";
import { ConfirmPasswordField } from "../components/confirm-password-field";
import { PASSWORDS_DONT_MATCH, registerExistingFormSchema } from "../form-schemas";

const SERVER_FIELDS = ["email", "password"] as const;
const min = PASSWORD_MIN;

function SignInFooter() {
  const { t } = useLingui();
  return (
    <AuthFooterLink prompt={t({ id: "claim.have-login", message: "Already have a login?" })} to="/login">
      {t({ id: "auth.sign-in-link", message: "Sign in" })}
    </AuthFooterLink>
  );
}

/**
 * After the request: the neutral answer (decision D8), and nothing signed in until the link is
 * followed. Registration shows it too (decision 071).
 */
export function CheckYourEmail({ message, onStartOver }: { message: string; onStartOver: () => void }) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLDivElement>(null);
  // The form is gone; put the reader at the start of what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <AuthSplitLayout>
      <AuthCard
        title={t({ id: "claim.check-email.title", message: "Check your email" })}
        description={t({
          id: "claim.check-email.description",
          message: "One more step to finish creating your account.",
        })}
        footer={<SignInFooter />}
      >
        <div ref={headingRef} tabIndex={-1} className="grid gap-5 outline-none">
          <AuthNotice icon="mail">{message}</AuthNotice>
          <p className="text-sm text-muted-foreground">
            {t({
              id: "claim.check-email.text",
              message:
                "Open the link in this browser to confirm your email and sign in with the password you chose. Opened anywhere else, the link asks you to choose a password there. Nothing arrived? Check your spam folder, or try again in a few minutes.",
            })}
          </p>
          <Button variant="outline" onClick={onStartOver}>
            {t({ id: "auth.use-different-email", message: "Use a different email" })}
          </Button>
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}

export function RegisterExistingPage() {
  const { t, i18n } = useLingui();
  const request = useRegisterExistingUser();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { form, showServerError } = useServerForm(registerExistingFormSchema, {
    defaultValues: { email: "", password: "", confirmPassword: "" },
    serverFields: SERVER_FIELDS,
  });
  const { errors } = form.formState;
  // The problem the last attempt reported: it goes once the request is sent, so no stale "Password
  // Too Short" stays over "Check your email".
  const problem = useRef<{ dismiss: () => void } | null>(null);
  const report = (options: Parameters<typeof toast>[0]) => {
    problem.current?.dismiss();
    problem.current = toast(options);
  };
  const [password = "", confirmPassword = ""] = useWatch({
    control: form.control,
    name: ["password", "confirmPassword"],
  });

  const onSubmit = form.handleSubmit(async ({ email, password, confirmPassword }) => {
    // Spec section 5 with decision D10: these two are reported as toasts, and on the field too.
    if (password !== confirmPassword) {
      const problem = i18n._(PASSWORDS_DONT_MATCH);
      report({
        variant: "destructive",
        title: t({ id: "claim.mismatch.title", message: "Password Mismatch" }),
        description: t({
          id: "claim.mismatch.text",
          message: `${problem}. Please try again.`,
        }),
      });
      form.setError("confirmPassword", { message: problem }, { shouldFocus: true });
      return;
    }
    if (password.length < PASSWORD_MIN) {
      const min = PASSWORD_MIN;
      const description = `${t({ id: "validation.password.too-short", message: `Password must be at least ${min} characters long` })}.`;
      report({
        variant: "destructive",
        title: t({ id: "claim.too-short.title", message: "Password Too Short" }),
        description,
      });
      form.setError("password", { message: description }, { shouldFocus: true });
      return;
    }
    problem.current?.dismiss();
    problem.current = null;
    try {
      const answer = await request.mutateAsync({ email, password });
      setSentMessage(answer.message);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        report({
          variant: "destructive",
          title: t({ id: "auth.registration-failed", message: "Registration Failed" }),
          description: t({
            id: "claim.unexpected-error",
            message: "An unexpected error occurred. Please try again.",
          }),
        });
        return;
      }
      // The toast carries the server's words; a message about a field is shown on that field too.
      const { message } = showServerError(error);
      report({
        variant: "destructive",
        title: t({ id: "auth.registration-failed", message: "Registration Failed" }),
        description: message
          ? withoutFieldPrefix(message, SERVER_FIELDS)
          : t({ id: "register.failed-fallback", message: "Registration failed" }),
      });
    }
  });

  if (sentMessage !== null) {
    return (
      <CheckYourEmail
        message={sentMessage}
        onStartOver={() => {
          setSentMessage(null);
          form.reset();
        }}
      />
    );
  }

  return (
    <AuthSplitLayout>
      <AuthCard
        title={t({ id: "claim.title", message: "Join the product" })}
        description={t({
          id: "claim.description",
          message:
            "Already bought from us? Choose a password for your customer account; we will email you a link to confirm it.",
        })}
        footer={<SignInFooter />}
      >
        <div className="grid gap-5">
          <Alert variant="info">
            <Link2 aria-hidden="true" />
            <AlertDescription>
              {t({
                id: "claim.linked-automatically",
                message:
                  "Your existing LinkedIn accounts will be linked automatically once you confirm your email.",
              })}
            </AlertDescription>
          </Alert>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <FormField label={t({ id: "auth.email", message: "Email" })} error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="email"
                  placeholder={t({ id: "claim.email-placeholder", message: "The email you bought with" })}
                  {...form.register("email")}
                />
              )}
            </FormField>
            <FormField
              label={t({ id: "login.password", message: "Password" })}
              error={errors.password?.message}
              hint={t({ id: "claim.password-hint", message: `At least ${min} characters.` })}
            >
              {(control) => (
                <PasswordInput {...control} autoComplete="new-password" {...form.register("password")} />
              )}
            </FormField>
            <ConfirmPasswordField
              register={() => form.register("confirmPassword")}
              error={errors.confirmPassword?.message}
              password={password}
              confirmation={confirmPassword}
            />
            <SubmitButton className="mt-1 w-full" pending={request.isPending}>
              {t({ id: "claim.submit", message: "Create Account & Login" })}
            </SubmitButton>
          </form>
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}
