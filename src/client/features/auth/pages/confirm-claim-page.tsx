import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-error";
import { useConfirmClaim } from "../api/confirm-claim";
import { AuthCard } from "../components/auth-card";
import { INVALID_LINK_MESSAGE } from "../messages";

// Spec section 7: after existing-customer registration the portal goes to / after 1 second.
export const CLAIM_REDIRECT_DELAY_MS = 1000;

/** /register-existing/confirm?token=…: the link mailed to an existing customer (decision D8). */
export function ConfirmClaimPage() {
  // Read directly rather than with useSearchParams, which would add to the first-load bundle.
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const navigate = useNavigate();
  const confirm = useConfirmClaim();
  const { mutate } = confirm;

  // A link works once, so it is sent once, even when StrictMode runs this effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === "") return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = setTimeout(() => void navigate("/", { replace: true }), CLAIM_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  const failed = token === "" || confirm.isError;

  return (
    <AuthSplitLayout>
      <AuthCard
        title={failed ? "Link not valid" : confirm.isSuccess ? "You're all set" : "Confirming your email"}
        description={
          failed
            ? "We could not confirm your account with this link."
            : "Finishing the registration of your customer account."
        }
      >
        {failed ? (
          <div className="grid gap-4">
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Registration Failed</AlertTitle>
              <AlertDescription>
                {token === "" ? INVALID_LINK_MESSAGE : errorMessage(confirm.error, INVALID_LINK_MESSAGE)}
              </AlertDescription>
            </Alert>
            <Button asChild>
              <Link to="/register-existing">Request a new link</Link>
            </Button>
          </div>
        ) : confirm.isSuccess ? (
          <div role="status" className="flex items-center gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
            <span>Your email is confirmed and you are signed in. Taking you to your dashboard…</span>
          </div>
        ) : (
          <div className="flex justify-center py-6">
            <Spinner label="Confirming your email" className="size-8" />
          </div>
        )}
      </AuthCard>
    </AuthSplitLayout>
  );
}
