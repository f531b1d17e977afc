import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useEndSignInSession } from "../api/end-sign-in-session";

/** Where Settings shows the password form (password-card.tsx). */
const PASSWORD_FORM = "/settings#password";

/**
 * "This wasn't me" under a new sign-in's entry (decision 072): ends that session, then takes the
 * owner to choose a new password. A session that has ended already leads there too.
 */
export function NotMeButton({ sessionId, onDone }: { sessionId: number; onDone: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const end = useEndSignInSession();
  const disown = async () => {
    try {
      await end.mutateAsync(sessionId);
      toast({
        title: t({ id: "notifications.not-me.ended", message: "Session ended" }),
        description: t({ id: "notifications.not-me.choose", message: "Now choose a new password." }),
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        toast({
          title: t({ id: "notifications.not-me.failed", message: "The session was not ended" }),
          description: failureText(error),
          variant: "destructive",
        });
        return;
      }
      toast({
        title: t({ id: "notifications.not-me.had-ended", message: "That session had ended already" }),
        description: t({ id: "notifications.not-me.choose", message: "Now choose a new password." }),
      });
    }
    onDone();
    navigate(PASSWORD_FORM);
  };
  return (
    <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => void disown()}>
      {t({ id: "notifications.not-me", message: "This wasn't me" })}
    </Button>
  );
}
