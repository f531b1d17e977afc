import { useLingui } from "@lingui/react/macro";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "./form-field";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { PasswordInput } from "./ui/password-input";

/** A field for choosing a password, with the strength meter under it. */
export function NewPasswordField({
  register,
  error,
  password,
  label,
  userInputs,
}: {
  /** Called while the field renders, so registration order follows the order on screen (focus on error). */
  register: () => UseFormRegisterReturn;
  error: string | undefined;
  password: string;
  label?: string;
  /** The user's name, username and email, if the page knows them: the meter counts them as guessable. */
  userInputs?: readonly string[];
}) {
  const { t } = useLingui();
  return (
    <FormField
      label={label ?? t({ id: "login.password", message: "Password" })}
      error={error}
      hint={<PasswordStrengthMeter password={password} userInputs={userInputs} quiet={error !== undefined} />}
    >
      {(control) => <PasswordInput {...control} autoComplete="new-password" {...register()} />}
    </FormField>
  );
}
