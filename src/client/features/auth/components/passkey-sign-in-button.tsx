import { useLingui } from "@lingui/react/macro";
import { CircleAlert, KeyRound } from "lucide-react";
import { useNavigate } from "react-router";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-error";
import { browserSupportsPasskeys } from "../../../lib/passkey-ceremony";
import { useSignInDestination } from "../../../lib/return-path";
import { useSignInWithPasskey } from "../api/passkey-sign-in";

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for the portal, so no email is
 * typed. Not shown where the browser has no WebAuthn.
 */
export function PasskeySignInButton() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const destination = useSignInDestination();
  const signIn = useSignInWithPasskey();
  if (!browserSupportsPasskeys()) return null;
  const onClick = () =>
    signIn.mutate(undefined, { onSuccess: () => void navigate(destination, { replace: true }) });
  return (
    <div className="grid gap-2">
      {signIn.isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            {errorMessage(
              signIn.error,
              signIn.error.message ||
                t({ id: "auth.passkey.failed", message: "Passkey sign-in failed. Please try again." }),
            )}
          </AlertDescription>
        </Alert>
      ) : null}
      <Button variant="outline" className="w-full" disabled={signIn.isPending} onClick={onClick}>
        <KeyRound aria-hidden="true" />
        {signIn.isPending
          ? t({ id: "auth.passkey.waiting", message: "Waiting for your passkey…" })
          : t({ id: "auth.passkey.sign-in", message: "Sign in with a passkey" })}
      </Button>
    </div>
  );
}
