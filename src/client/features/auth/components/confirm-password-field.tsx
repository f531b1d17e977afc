import { useLingui } from "@lingui/react/macro";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordsMatchIndicator } from "./passwords-match-indicator";

/** The "Confirm password" field, with a check mark once it matches the password above it. */
export function ConfirmPasswordField({
  register,
  error,
  password,
  confirmation,
  label,
}: {
  /**
   * Called while the field renders, not by the parent: react-hook-form focuses the first field in
   * error by registration order, which must follow the order on screen.
   */
  register: () => UseFormRegisterReturn;
  error: string | undefined;
  password: string;
  confirmation: string;
  label?: string;
}) {
  const { t } = useLingui();
  return (
    <FormField label={label ?? t({ id: "password-form.confirm", message: "Confirm password" })} error={error}>
      {(control) => (
        <div className="relative">
          <Input {...control} type="password" autoComplete="new-password" className="pr-10" {...register()} />
          <PasswordsMatchIndicator password={password} confirmation={confirmation} />
        </div>
      )}
    </FormField>
  );
}
