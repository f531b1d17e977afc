import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  recoveryCodeSchema,
  secondStepRefusedSchema,
  totpCodeSchema,
} from "../../../../shared/api/two-factor";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Input } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { useLoginSecondFactor } from "../api/login-second-factor";
import { authLinkClass } from "./auth-card";

type Mode = "code" | "recovery";

/**
 * Whether the server refused the second step for good (expired, used, or too many wrong codes): its
 * 401 says so with `signInAgain: true`, whatever language its text speaks.
 */
export function mustSignInAgain(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  try {
    const body = secondStepRefusedSchema.safeParse(JSON.parse(error.body));
    return body.success && body.data.signInAgain === true;
  } catch {
    return false;
  }
}

/**
 * The second step of a sign-in for an account with an authenticator app: its 6-digit code, or one of
 * the recovery codes. When the step has expired or took too many wrong codes, the sign-in starts over.
 */
export function SecondFactorForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => void;
  /** Back to the password, with why (empty when the person chose to go back). */
  onRestart: (message: string) => void;
}) {
  const { t } = useLingui();
  const [mode, setMode] = useState<Mode>("code");
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const submit = useLoginSecondFactor();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = (mode === "code" ? totpCodeSchema : recoveryCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(
        mode === "code"
          ? t({
              id: "validation.two-factor.code",
              message: "Enter the 6-digit code from your authenticator app",
            })
          : t({
              id: "validation.two-factor.recovery-code",
              message: "Enter one of your recovery codes, like abcd-efgh-jk",
            }),
      );
      return;
    }
    setFieldError(undefined);
    setFailure(undefined);
    try {
      await submit.mutateAsync(mode === "code" ? { code: parsed.data } : { recoveryCode: parsed.data });
    } catch (error) {
      const message = failureText(
        error,
        t({ id: "second-factor.check-failed", message: "The code could not be checked" }),
      );
      if (mustSignInAgain(error)) onRestart(message);
      else setFailure(message);
      return;
    }
    onSignedIn();
  };

  const switchMode = () => {
    setMode(mode === "code" ? "recovery" : "code");
    setValue("");
    setFieldError(undefined);
    setFailure(undefined);
  };

  return (
    <div className="grid gap-5">
      {failure ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          label={
            mode === "code"
              ? t({ id: "second-factor.code", message: "Authentication code" })
              : t({ id: "second-factor.recovery-code", message: "Recovery code" })
          }
          error={fieldError}
          hint={
            mode === "code"
              ? t({
                  id: "second-factor.code-hint",
                  message: "Enter the 6-digit code from your authenticator app.",
                })
              : t({
                  id: "second-factor.recovery-hint",
                  message:
                    "Enter one of the recovery codes you saved when you set up two-factor authentication. Each works once.",
                })
          }
        >
          {(control) => (
            <Input
              {...control}
              key={mode}
              name={mode === "code" ? "code" : "recoveryCode"}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              autoComplete="one-time-code"
              inputMode={mode === "code" ? "numeric" : "text"}
              autoCapitalize="none"
              spellCheck={false}
              // The step exists only to take this code: it is where the person is about to type.
              autoFocus
              placeholder={mode === "code" ? "123456" : "xxxx-xxxx-xx"}
            />
          )}
        </FormField>
        <SubmitButton
          className="mt-1 w-full"
          pending={submit.isPending}
          pendingLabel={t({ id: "second-factor.verifying", message: "Verifying…" })}
        >
          {t({ id: "second-factor.submit", message: "Verify" })}
        </SubmitButton>
      </form>
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={`cursor-pointer text-sm ${authLinkClass}`} onClick={switchMode}>
          {mode === "code"
            ? t({ id: "second-factor.use-recovery", message: "Use a recovery code instead" })
            : t({ id: "second-factor.use-app", message: "Use your authenticator app instead" })}
        </button>
        <button
          type="button"
          className={`cursor-pointer text-sm ${authLinkClass}`}
          onClick={() => onRestart("")}
        >
          {t({ id: "auth.back-to-sign-in", message: "Back to sign in" })}
        </button>
      </div>
    </div>
  );
}
