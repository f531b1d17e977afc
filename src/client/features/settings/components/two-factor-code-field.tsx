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
  return (
    <FormField
      label={kind === "code" ? "Code from your authenticator app" : "Recovery code"}
      error={error}
      hint={kind === "code" ? "The 6-digit code the app shows now." : "One of your unused recovery codes."}
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
