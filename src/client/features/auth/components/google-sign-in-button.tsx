import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { withReturnPath } from "../../../../shared/return-path";
import { Button } from "../../../components/ui/button";
import { usePublicConfig } from "../../../lib/public-config";
import { useReturnPath } from "../../../lib/return-path";

export const GOOGLE_SIGN_IN_PATH = "/api/auth/google";

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92c-.26 1.37-1.04 2.53-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84C3.99 20.53 7.7 23 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.09c-.22-.66-.35-1.36-.35-2.09s.13-1.43.35-2.09V7.07H2.18C1.43 8.55 1 10.22 1 12s.43 3.45 1.18 4.93l2.85-2.22.81-.62z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.07l3.66 2.84c.87-2.6 3.3-4.53 6.16-4.53z"
      />
    </svg>
  );
}

/**
 * "Continue with Google": a full browser navigation to the server's sign-in start when Google
 * sign-in is configured; otherwise disabled, with a line saying why. The page asked for before
 * sign-in goes with it: the server keeps it with the flow and returns there (decision 031).
 */
export function GoogleSignInButton() {
  const { t } = useLingui();
  const config = usePublicConfig();
  const returnPath = useReturnPath();
  const noteId = useId();
  const enabled = config.data?.googleSignInEnabled === true;
  const unavailable = !config.isPending && !enabled;
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        className="w-full"
        disabled={!enabled}
        aria-describedby={unavailable ? noteId : undefined}
        onClick={() => window.location.assign(withReturnPath(GOOGLE_SIGN_IN_PATH, returnPath))}
      >
        <GoogleLogo />
        {t({ id: "auth.google.continue", message: "Continue with Google" })}
      </Button>
      {unavailable ? (
        <p id={noteId} className="text-center text-xs text-muted-foreground">
          {t({ id: "auth.google.unavailable", message: "Google sign-in is not configured on this portal." })}
        </p>
      ) : null}
    </div>
  );
}
