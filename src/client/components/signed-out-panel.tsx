import { useLingui } from "@lingui/react/macro";
import { LogIn } from "lucide-react";
import { Link, useLocation } from "react-router";
import { loginPathFor } from "../lib/return-path";
import { refreshSession } from "../lib/session";
import { EmptyState } from "./empty-state";
import { Button } from "./ui/button";

/**
 * A list answered 401, or the screen has no user: the session ended (expired, or signed out in
 * another tab). Going to log in checks the session again, so the app sees it has ended and shows the
 * sign-in screen, which returns here after sign-in (decision 031).
 */
export function SignedOutPanel({ title, children }: { title: string; children?: string }) {
  const { t } = useLingui();
  const recheckSession = () => void refreshSession();
  const login = loginPathFor(useLocation());
  return (
    <EmptyState
      icon={<LogIn aria-hidden="true" />}
      title={title}
      action={
        <Button asChild>
          <Link to={login} onClick={recheckSession}>
            {t({ id: "common.signed-out.go-to-login", message: "Go to Login" })}
          </Link>
        </Button>
      }
    >
      {children ?? t({ id: "common.signed-out.session-ended", message: "Your session has ended." })}
    </EmptyState>
  );
}
