import { useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { FormField } from "../../../components/form-field";
import { Input } from "../../../components/ui/input";

/** The email field every account form opens with. */
export function EmailField({
  register,
  error,
}: {
  /** Called while the field renders, so registration order follows the order on screen (focus on error). */
  register: () => ComponentProps<"input">;
  error: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <FormField label={t({ id: "auth.email", message: "Email" })} error={error}>
      {(control) => (
        <Input {...control} type="email" autoComplete="email" placeholder="you@example.com" {...register()} />
      )}
    </FormField>
  );
}
