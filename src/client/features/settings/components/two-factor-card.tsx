import { CircleAlert, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ADMIN_SECOND_FACTOR_MESSAGE } from "../../../../shared/api/two-factor";
import { InlineError } from "../../../components/error-state";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { failureText } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/use-toast";
import { TWO_FACTOR_CARD_ID, useTwoFactorStatus } from "../api/get-two-factor-status";
import { useStartTwoFactorEnrolment } from "../api/start-two-factor-enrolment";
import {
  DisableTwoFactorDialog,
  RegenerateRecoveryCodesDialog,
  TwoFactorEnrolDialog,
} from "./two-factor-dialogs";

/** Where the admin pages send an admin who must set up a second factor first. */

/** Two-factor sign-in with an authenticator app: setting it up, its recovery codes, turning it off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorEnrolment();
  const [dialog, setDialog] = useState<"regenerate" | "disable" | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const location = useLocation();
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (location.hash === `#${TWO_FACTOR_CARD_ID}`) card.current?.scrollIntoView({ block: "start" });
  }, [location.hash]);

  const onSetUp = () =>
    start.mutate(undefined, {
      onSuccess: () => setEnrolling(true),
    });
  const left = status.data?.recoveryCodesLeft ?? 0;

  return (
    <Card ref={card} id={TWO_FACTOR_CARD_ID} role="region" aria-label="Two-factor authentication">
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          After your password, sign-in also asks for a 6-digit code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading two-factor authentication" />
          </div>
        ) : status.isError ? (
          <InlineError
            message="Two-factor authentication could not be loaded."
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
            className="justify-between rounded-lg border border-dashed p-4"
          />
        ) : (
          <>
            {status.data.adminMustEnrol ? (
              <Alert variant="destructive" role="alert">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{ADMIN_SECOND_FACTOR_MESSAGE}.</AlertDescription>
              </Alert>
            ) : null}
            {start.isError ? (
              <Alert variant="destructive" role="alert">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{failureText(start.error, "Setup could not start")}</AlertDescription>
              </Alert>
            ) : null}
            <p className="flex flex-wrap items-center gap-2 text-sm">
              Status:
              {status.data.enabled ? (
                <Badge variant="success">
                  <ShieldCheck aria-hidden="true" />
                  On
                </Badge>
              ) : (
                <strong>Off</strong>
              )}
            </p>
            {status.data.enabled ? (
              <div className="grid gap-1 text-sm text-muted-foreground">
                {status.data.enabledAt ? (
                  <p>
                    Turned on{" "}
                    <time dateTime={status.data.enabledAt}>{formatDateTime(status.data.enabledAt)}</time>
                  </p>
                ) : null}
                <p className={left <= 2 ? "font-medium text-destructive dark:text-red-300" : undefined}>
                  {left} recovery {left === 1 ? "code" : "codes"} left
                </p>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
      {status.isSuccess ? (
        <CardFooter className="flex-wrap justify-end gap-3 border-t pt-6">
          {status.data.enabled ? (
            <>
              <Button variant="outline" onClick={() => setDialog("regenerate")}>
                New recovery codes
              </Button>
              <Button variant="outline" onClick={() => setDialog("disable")}>
                Turn off
              </Button>
            </>
          ) : (
            <Button onClick={onSetUp} disabled={start.isPending}>
              Set up authenticator app
            </Button>
          )}
        </CardFooter>
      ) : null}
      <TwoFactorEnrolDialog
        enrolment={enrolling ? (start.data ?? null) : null}
        onClose={() => {
          setEnrolling(false);
          start.reset();
        }}
      />
      <RegenerateRecoveryCodesDialog open={dialog === "regenerate"} onClose={() => setDialog(null)} />
      <DisableTwoFactorDialog
        open={dialog === "disable"}
        onClose={() => setDialog(null)}
        onDisabled={() =>
          toast({
            title: "Two-factor authentication is off",
            description: "Sign-in asks only for your password.",
          })
        }
      />
    </Card>
  );
}
