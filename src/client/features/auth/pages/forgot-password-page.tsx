import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { useServerForm } from "../../../lib/use-server-form";
import { useForgotPassword } from "../api/forgot-password";
import { AuthCard, AuthFooterLink } from "../components/auth-card";
import { AuthNotice } from "../components/auth-notice";
import { EmailField } from "../components/email-field";
import { forgotPasswordFormSchema } from "../form-schemas";

function BackToSignIn() {
  const { t } = useLingui();
  return (
    <AuthFooterLink prompt={t({ id: "forgot-password.remembered", message: "Remembered it?" })} to="/login">
      {t({ id: "auth.back-to-sign-in", message: "Back to sign in" })}
    </AuthFooterLink>
  );
}

export function ForgotPasswordPage() {
  const { t } = useLingui();
  const request = useForgotPassword();
  const { form } = useServerForm(forgotPasswordFormSchema, { defaultValues: { email: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  if (request.isSuccess) {
    return (
      <AuthSplitLayout>
        <AuthCard
          title={t({ id: "forgot-password.sent.title", message: "Check your email" })}
          description={t({
            id: "forgot-password.sent.description",
            message: "Follow the link we sent to choose a new password.",
          })}
          footer={<BackToSignIn />}
        >
          <div className="grid gap-4">
            <AuthNotice icon="mail">{request.data.message}</AuthNotice>
            <Button variant="outline" onClick={() => request.reset()}>
              {t({ id: "auth.use-different-email", message: "Use a different email" })}
            </Button>
          </div>
        </AuthCard>
      </AuthSplitLayout>
    );
  }

  return (
    <AuthSplitLayout>
      <AuthCard
        title={t({ id: "forgot-password.title", message: "Forgot your password?" })}
        description={t({
          id: "forgot-password.description",
          message: "Enter the email of your account and we will send you a link to choose a new password.",
        })}
        footer={<BackToSignIn />}
      >
        <div className="grid gap-5">
          {request.isError ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>
                {t({ id: "forgot-password.failed", message: "Could not send the link" })}
              </AlertTitle>
              <AlertDescription>{failureText(request.error)}</AlertDescription>
            </Alert>
          ) : null}
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <EmailField register={() => form.register("email")} error={errors.email?.message} />
            <SubmitButton className="mt-1 w-full" pending={request.isPending}>
              {t({ id: "forgot-password.submit", message: "Send reset link" })}
            </SubmitButton>
          </form>
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}
