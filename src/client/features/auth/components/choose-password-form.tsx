import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { NewPasswordField } from "../../../components/new-password-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { useServerForm } from "../../../lib/use-server-form";
import { resetPasswordFormSchema } from "../form-schemas";
import { INVALID_LINK } from "../invalid-link";
import { ConfirmPasswordField } from "./confirm-password-field";

/**
 * A new password with its strength meter and confirmation, as a mailed link's page asks for it (a
 * password reset, or a claim link opened in another browser). The server's message about the password
 * is shown on its field; one about the link itself goes to `onInvalidLink`; any other failure is
 * shown above the form.
 */
export function ChoosePasswordForm({
  labels,
  submitLabel,
  pending,
  onSubmit,
  onInvalidLink,
}: {
  labels: { password: string; confirmation?: string; failure: string };
  submitLabel: string;
  pending: boolean;
  /** Sends the chosen password with the link's token; a failed call is thrown. */
  onSubmit: (password: string) => Promise<unknown>;
  /** The server refused the link (a 400 about anything but the password): its words, or the portal's. */
  onInvalidLink: (message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { form, showServerError } = useServerForm(resetPasswordFormSchema, {
    defaultValues: { password: "", confirmPassword: "" },
    serverFields: ["password"],
  });
  const { errors } = form.formState;
  const [password = "", confirmPassword = ""] = useWatch({
    control: form.control,
    name: ["password", "confirmPassword"],
  });
  const submit = form.handleSubmit(async ({ password: chosen }) => {
    setFailure(null);
    try {
      await onSubmit(chosen);
    } catch (error) {
      const { fields, message } = showServerError(error);
      if (fields.length > 0) return;
      if (error instanceof ApiError && error.status === 400) onInvalidLink(message ?? i18n._(INVALID_LINK));
      else setFailure(failureText(error));
    }
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
