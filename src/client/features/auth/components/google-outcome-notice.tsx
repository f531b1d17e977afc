import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { useSearchParams } from "react-router";
import { googleOutcomeParam } from "../../../../shared/api/google-sign-in";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { googleOutcomeText } from "../../../lib/google-outcomes";

/** Why a Google sign-in came back here instead of to the dashboard (`?google=` from the server). */
export function GoogleOutcomeNotice() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const message = googleOutcomeText(params.get(googleOutcomeParam));
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{t({ id: "auth.google.outcome-title", message: "Google Sign-in" })}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
