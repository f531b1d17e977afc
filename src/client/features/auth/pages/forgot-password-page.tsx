import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-error";
import { useForgotPassword } from "../api/forgot-password";
import { AuthCard, authLinkClass } from "../components/auth-card";
import { EmailField } from "../components/email-field";
import {
  type ForgotPasswordFormInput,
  type ForgotPasswordFormValues,
  forgotPasswordFormSchema,
} from "../form-schemas";

const backToSignIn = (
  <p className="text-muted-foreground">
    Remembered it?{" "}
    <Link to="/login" className={authLinkClass}>
      Back to sign in
    </Link>
  </p>
);

export function ForgotPasswordPage() {
  const request = useForgotPassword();
  const form = useForm<ForgotPasswordFormInput, unknown, ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  if (request.isSuccess) {
    return (
      <AuthSplitLayout>
        <AuthCard
          title="Check your email"
          description="Follow the link we sent to choose a new password."
          footer={backToSignIn}
        >
          <div className="grid gap-4">
            <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary dark:text-blue-300">
                <MailCheck aria-hidden="true" className="size-4.5" />
              </span>
              <p role="status" className="text-sm leading-relaxed">
                {request.data.message}
              </p>
            </div>
            <Button variant="outline" onClick={() => request.reset()}>
              Use a different email
            </Button>
          </div>
        </AuthCard>
      </AuthSplitLayout>
    );
  }

  return (
    <AuthSplitLayout>
      <AuthCard
        title="Forgot your password?"
        description="Enter the email of your account and we will send you a link to choose a new password."
        footer={backToSignIn}
      >
        <div className="grid gap-5">
          {request.isError ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Could not send the link</AlertTitle>
              <AlertDescription>
                {errorMessage(request.error, "Something went wrong. Please try again.")}
              </AlertDescription>
            </Alert>
          ) : null}
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <EmailField register={() => form.register("email")} error={errors.email?.message} />
            <SubmitButton className="mt-1 w-full" pending={request.isPending}>
              Send reset link
            </SubmitButton>
          </form>
        </div>
      </AuthCard>
    </AuthSplitLayout>
  );
}
