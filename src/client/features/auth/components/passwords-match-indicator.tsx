import { useLingui } from "@lingui/react/macro";
import { Check } from "lucide-react";

/** The check mark inside the confirmation field, shown once both passwords are typed and equal. */
export function PasswordsMatchIndicator({
  password,
  confirmation,
}: {
  password: string;
  confirmation: string;
}) {
  const { t } = useLingui();
  if (password === "" || password !== confirmation) return null;
  return (
    <span
      role="img"
      aria-label={t({ id: "password-form.match", message: "Passwords match" })}
      className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-green-600 dark:text-green-400"
    >
      <Check aria-hidden="true" className="size-4" strokeWidth={2.5} />
    </span>
  );
}
