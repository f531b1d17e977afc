import { useLingui } from "@lingui/react/macro";
import { FormField } from "../../../components/form-field";
import { Input } from "../../../components/ui/input";

/** A field for a 6-digit code from the authenticator app, or for a recovery code. */
export function TwoFactorCodeField({
  kind,
  value,
  onChange,
  error,
}: {
  kind: "code" | "recovery";
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <FormField
      label={
        kind === "code"
          ? t({ id: "settings.two-factor.code-label", message: "Code from your authenticator app" })
          : t({ id: "settings.two-factor.recovery-code-label", message: "Recovery code" })
      }
      error={error}
      hint={
        kind === "code"
          ? t({ id: "settings.two-factor.code-hint", message: "The 6-digit code the app shows now." })
          : t({ id: "settings.two-factor.recovery-code-hint", message: "One of your unused recovery codes." })
      }
    >
      {(control) => (
        <Input
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="one-time-code"
          inputMode={kind === "code" ? "numeric" : "text"}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={kind === "code" ? "123456" : "xxxx-xxxx-xx"}
        />
      )}
    </FormField>
  );
}
