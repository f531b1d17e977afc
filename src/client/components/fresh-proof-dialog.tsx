import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { apiRequest, getJson } from "../lib/api-client";
import { errorMessage } from "../lib/api-error";
import { browserSupportsPasskeys, PasskeyCancelled, proveWithPasskey } from "../lib/passkey-ceremony";
import { useSessionUser } from "../lib/session";
import { FormField } from "./form-field";
import { SubmitButton } from "./submit-button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./ui/alert-dialog";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { PasswordInput } from "./ui/password-input";

type Proof = "password" | "code";

/**
 * "Confirm it's you" (decision 023): the password or an authenticator code, asked before a secret is
 * shown or a credential changes. Once the server accepts it, the action that asked goes on by itself.
 * A customer who signs in only with Google and has no second factor signs in with Google again.
 * With `secondFactor` (adding a way in to an account that has one, decision 070) a password is not
 * offered: the code, a passkey, or Google again for an account Google signs in. No text of its own:
 * the sign-in page loads this catalogue.
 */
export function FreshProofDialog({
  onDone,
  secondFactor = false,
}: {
  onDone: (given: boolean) => void;
  secondFactor?: boolean;
}) {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const offersPassword = (user?.hasPassword ?? false) && !secondFactor;
  const [proof, setProof] = useState<Proof>(offersPassword ? "password" : "code");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hasPasskey = useHasPasskey();

  const proveByPasskey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await proveWithPasskey();
      onDone(true);
    } catch (failure) {
      setError(
        failure instanceof PasskeyCancelled
          ? failure.message
          : errorMessage(
              failure,
              t({
                id: "common.fresh-proof.passkey-failed",
                message: "The passkey did not work. Please try again.",
              }),
            ),
      );
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim() === "") {
      setError(
        proof === "password"
          ? t({ id: "common.fresh-proof.enter-password", message: "Enter your password" })
          : t({
              id: "common.fresh-proof.enter-code",
              message: "Enter the 6-digit code from your authenticator app",
            }),
      );
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await apiRequest(
        "POST",
        "/api/auth/fresh-proof",
        proof === "password" ? { password: value } : { code: value },
      );
      onDone(true);
    } catch (failure) {
      setError(
        errorMessage(
          failure,
          t({ id: "common.fresh-proof.failed", message: "That did not work. Please try again." }),
        ),
      );
      setValue("");
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const switchTo = (next: Proof) => {
    setProof(next);
    setValue("");
    setError(undefined);
    queueMicrotask(() => input.current?.focus());
  };

  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : onDone(false))}>
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          input.current?.focus();
        }}
      >
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "common.fresh-proof.title", message: "Confirm it's you" })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {proof === "password"
                ? t({
                    id: "common.fresh-proof.ask-password",
                    message: "For your security, enter your password to continue.",
                  })
                : t({
                    id: "common.fresh-proof.ask-code",
                    message:
                      "For your security, enter the 6-digit code from your authenticator app to continue.",
                  })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <FormField
            label={
              proof === "password"
                ? t({ id: "login.password", message: "Password" })
                : t({ id: "common.fresh-proof.code", message: "Authenticator code" })
            }
            error={error}
          >
            {(control) =>
              proof === "password" ? (
                <PasswordInput
                  {...control}
                  ref={input}
                  autoComplete="current-password"
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                />
              ) : (
                <Input
                  {...control}
                  ref={input}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={value}
                  onChange={(event) => setValue(event.target.value.replace(/\D/g, ""))}
                />
              )
            }
          </FormField>
          {hasPasskey ? (
            <Button type="button" variant="outline" disabled={busy} onClick={() => void proveByPasskey()}>
              {t({ id: "common.fresh-proof.use-passkey", message: "Use a passkey" })}
            </Button>
          ) : null}
          {offersPassword ? (
            <Button
              type="button"
              variant="link"
              className="h-auto justify-start p-0"
              onClick={() => switchTo(proof === "password" ? "code" : "password")}
            >
              {proof === "password"
                ? t({ id: "common.fresh-proof.use-code", message: "Use an authenticator code instead" })
                : t({ id: "common.fresh-proof.use-password", message: "Use your password instead" })}
            </Button>
          ) : secondFactor && !user?.googleLinked ? null : (
            <p className="text-sm text-muted-foreground">
              <Trans id="common.fresh-proof.google">
                No authenticator app?{" "}
                <a
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  href="/api/auth/google"
                >
                  Sign in with Google again
                </a>
                .
              </Trans>
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">
              {t({ id: "common.cancel", message: "Cancel" })}
            </AlertDialogCancel>
            <SubmitButton pending={busy}>{t({ id: "common.continue", message: "Continue" })}</SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Whether this browser can use a passkey and the user has one (asked once, when the dialog opens). */
function useHasPasskey(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    if (!browserSupportsPasskeys()) return;
    let live = true;
    getJson("/api/passkeys", { on401: "returnNull" }).then(
      (list) => live && setHas(Array.isArray(list) && list.length > 0),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return has;
}
