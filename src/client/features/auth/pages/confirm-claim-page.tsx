import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { INVALID_LINK_MESSAGE } from "../../../../shared/api/auth";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { errorMessage, serverErrorText, splitFieldErrors } from "../../../lib/api-error";
import { useConfirmClaim } from "../api/confirm-claim";
import { AuthCard } from "../components/auth-card";
import { ChoosePasswordForm } from "../components/choose-password-form";

// Spec section 7: after existing-customer registration the portal goes to / after 1 second.
export const CLAIM_REDIRECT_DELAY_MS = 1000;

type Stage = { name: "confirming" } | { name: "choosing" } | { name: "failed"; message: string };

/** /register-existing/confirm?token=…: the link mailed to an existing customer (decision D8). */
export function ConfirmClaimPage() {
  // Read directly rather than with useSearchParams, which would add to the first-load bundle.
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const navigate = useNavigate();
  const confirm = useConfirmClaim();
  const { mutate } = confirm;
  const [stage, setStage] = useState<Stage>(
    token === "" ? { name: "failed", message: INVALID_LINK_MESSAGE } : { name: "confirming" },
  );
  const [formError, setFormError] = useState<string | null>(null);

  // A link works once, so it is sent once, even when StrictMode runs this effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === "") return;
    sent.current = true;
    mutate(
      { token },
      {
        onError: (error) =>
          setStage(
            // Opened in another browser than the one that asked: the owner chooses the password here.
            error instanceof ApiError && error.status === 422
              ? { name: "choosing" }
              : { name: "failed", message: errorMessage(error, INVALID_LINK_MESSAGE) },
          ),
      },
    );
  }, [token, mutate]);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = setTimeout(() => void navigate("/", { replace: true }), CLAIM_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  /** Returns the password field's error, if the server had one; other failures are shown here. */
  const choosePassword = async (password: string): Promise<string | null> => {
    setFormError(null);
    try {
      await confirm.mutateAsync({ token, password });
      return null;
    } catch (error) {
      const message = serverErrorText(error);
      const { fieldErrors } = splitFieldErrors(message ?? "", ["password"] as const);
      if (fieldErrors.password) return fieldErrors.password;
      if (error instanceof ApiError && error.status === 400) {
        setStage({ name: "failed", message: message ?? INVALID_LINK_MESSAGE });
      } else {
        setFormError(message ?? "Something went wrong. Please try again.");
      }
      return null;
    }
  };

  const heading = confirm.isSuccess
    ? { title: "You're all set", description: "Finishing the registration of your customer account." }
    : stage.name === "failed"
      ? { title: "Link not valid", description: "We could not confirm your account with this link." }
      : stage.name === "choosing"
        ? {
            title: "Choose your password",
            description:
              "This link was opened in another browser than the one that asked for it, so choose the password for your account here.",
          }
        : {
            title: "Confirming your email",
            description: "Finishing the registration of your customer account.",
          };

  return (
    <AuthSplitLayout>
      <AuthCard title={heading.title} description={heading.description}>
        {confirm.isSuccess ? (
          <div role="status" className="flex items-center gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
            <span>Your email is confirmed and you are signed in. Taking you to your dashboard…</span>
          </div>
        ) : stage.name === "failed" ? (
          <div className="grid gap-4">
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>Registration Failed</AlertTitle>
              <AlertDescription>{stage.message}</AlertDescription>
            </Alert>
            <Button asChild>
              <Link to="/register-existing">Request a new link</Link>
            </Button>
          </div>
        ) : stage.name === "choosing" ? (
          <ChoosePasswordForm
            labels={{ password: "Password", failure: "Account not created" }}
            submitLabel="Create Account & Login"
            pending={confirm.isPending}
            failure={formError}
            onSubmit={choosePassword}
          />
        ) : (
          <div className="flex justify-center py-6">
            <Spinner label="Confirming your email" className="size-8" />
          </div>
        )}
      </AuthCard>
    </AuthSplitLayout>
  );
}
