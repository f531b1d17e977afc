import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { PasswordStrengthMeter } from "./password-strength-meter";

/** A field for choosing a password, with the strength meter under it. */
export function NewPasswordField({
  register,
  error,
  password,
  label = "Password",
}: {
  /** Called while the field renders, so registration order follows the order on screen (focus on error). */
  register: () => UseFormRegisterReturn;
  error: string | undefined;
  password: string;
  label?: string;
}) {
  return (
    <FormField label={label} error={error} hint={<PasswordStrengthMeter password={password} />}>
      {(control) => <PasswordInput {...control} autoComplete="new-password" {...register()} />}
    </FormField>
  );
}
