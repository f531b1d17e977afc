import { Trans, useLingui } from "@lingui/react/macro";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { googleOutcomeParam } from "../../../../shared/api/google-sign-in";
import type { CurrentUser } from "../../../../shared/api/user";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { failureText } from "../../../lib/api-error";
import { googleOutcomeText } from "../../../lib/google-outcomes";
import { usePublicConfig } from "../../../lib/public-config";
import { useStartGoogleLink, useUnlinkGoogle } from "../api/google-link";

/** Whether Google signs the user in, and linking or unlinking it; never the only way in. */
export function GoogleCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const config = usePublicConfig();
  const [params] = useSearchParams();
  const link = useStartGoogleLink();
  const unlink = useUnlinkGoogle();
  const outcome = params.get(googleOutcomeParam);
  const outcomeMessage = googleOutcomeText(outcome);
  const enabled = config.data?.googleSignInEnabled === true;
  const failure = link.error ?? unlink.error;

  return (
    <Card role="region" aria-label={t({ id: "settings.google.region", message: "Google sign-in" })}>
      <CardHeader>
        <CardTitle>Google</CardTitle>
        <CardDescription>
          {user.googleLinked
            ? t({
                id: "settings.google.linked-description",
                message: "Your Google account signs you in to the portal.",
              })
            : t({
                id: "settings.google.description",
                message: "Link your Google account to sign in with it.",
              })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {outcomeMessage ? (
          <Alert
            variant={outcome === "linked" ? "default" : "destructive"}
            role={outcome === "linked" ? "status" : "alert"}
          >
            {outcome === "linked" ? <CircleCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
            <AlertDescription>{outcomeMessage}</AlertDescription>
          </Alert>
        ) : null}
        {failure ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{failureText(failure)}</AlertDescription>
          </Alert>
        ) : null}
        <p className="text-sm">
          {user.googleLinked ? (
            <Trans id="settings.google.status-linked">
              Status: <strong>Linked</strong>
            </Trans>
          ) : (
            <Trans id="settings.google.status-not-linked">
              Status: <strong>Not linked</strong>
            </Trans>
          )}
        </p>
        {user.googleLinked && !user.hasPassword ? (
          <p className="text-sm text-muted-foreground">
            {t({
              id: "settings.google.only-way",
              message:
                "Google is your only way to sign in. To unlink it, first set a password with Forgot password on the sign-in page.",
            })}
          </p>
        ) : null}
        {!user.googleLinked && !enabled ? (
          <p className="text-sm text-muted-foreground">
            {t({ id: "settings.google.not-configured", message: "Google sign-in is not configured." })}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="border-t pt-6">
        {user.googleLinked ? (
          <Button
            variant="outline"
            disabled={!user.hasPassword || unlink.isPending}
            onClick={() => unlink.mutate()}
          >
            {unlink.isPending
              ? t({ id: "settings.google.unlinking", message: "Unlinking…" })
              : t({ id: "settings.google.unlink", message: "Unlink Google" })}
          </Button>
        ) : (
          <Button disabled={!enabled || link.isPending} onClick={() => link.mutate()}>
            {link.isPending
              ? t({ id: "settings.google.opening", message: "Opening Google…" })
              : t({ id: "settings.google.link", message: "Link Google" })}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
