import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import {
  type ResetPasswordFormInput,
  type ResetPasswordFormValues,
  resetPasswordFormSchema,
} from "../form-schemas";
import { ConfirmPasswordField } from "./confirm-password-field";
import { NewPasswordField } from "./new-password-field";

/**
 * A new password with its strength meter and confirmation, as a mailed link's page asks for it (a
 * password reset, or a claim link opened in another browser). `onSubmit` returns the server's
 * message for the password field, if it had one; other failures come back as `failure`.
 */
export function ChoosePasswordForm({
  labels,
  submitLabel,
  pending,
  failure,
  onSubmit,
}: {
  labels: { password: string; confirmation?: string; failure: string };
  submitLabel: string;
  pending: boolean;
  failure: string | null;
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const form = useForm<ResetPasswordFormInput, unknown, ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const [password = "", confirmPassword = ""] = useWatch({
    control: form.control,
    name: ["password", "confirmPassword"],
  });
  const submit = form.handleSubmit(async ({ password: chosen }) => {
    const fieldError = await onSubmit(chosen);
    if (fieldError) form.setError("password", { message: fieldError }, { shouldFocus: true });
  });
  return (
    <div className="grid gap-5">
      {failure ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{labels.failure}</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={submit} className="grid gap-4">
        <NewPasswordField
          label={labels.password}
          register={() => form.register("password")}
          error={errors.password?.message}
          password={password}
        />
        <ConfirmPasswordField
          label={labels.confirmation}
          register={() => form.register("confirmPassword")}
          error={errors.confirmPassword?.message}
          password={password}
          confirmation={confirmPassword}
        />
        <SubmitButton className="mt-1 w-full" pending={pending}>
          {submitLabel}
        </SubmitButton>
      </form>
    </div>
  );
}
