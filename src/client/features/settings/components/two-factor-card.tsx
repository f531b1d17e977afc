import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleAlert, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
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
  const { t } = useLingui();
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
  const title = t({ id: "settings.two-factor.title", message: "Two-factor authentication" });
  const enabledAt = status.data?.enabledAt ? formatDateTime(status.data.enabledAt) : "";

  return (
    <Card ref={card} id={TWO_FACTOR_CARD_ID} role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {t({
            id: "settings.two-factor.description",
            message:
              "After your password, sign-in also asks for a 6-digit code from an authenticator app on your phone.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner
              label={t({ id: "settings.two-factor.loading", message: "Loading two-factor authentication" })}
            />
          </div>
        ) : status.isError ? (
          <InlineError
            message={t({
              id: "settings.two-factor.load-failed",
              message: "Two-factor authentication could not be loaded.",
            })}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
            className="justify-between rounded-lg border border-dashed p-4"
          />
        ) : (
          <>
            {status.data.adminMustEnrol ? (
              <Alert variant="destructive" role="alert">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>
                  {t({
                    id: "error.admin.second-factor",
                    message: "Set up two-factor authentication before using the admin pages",
                  })}
                  .
                </AlertDescription>
              </Alert>
            ) : null}
            {start.isError ? (
              <Alert variant="destructive" role="alert">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>
                  {failureText(
                    start.error,
                    t({ id: "settings.two-factor.setup-failed", message: "Setup could not start" }),
                  )}
                </AlertDescription>
              </Alert>
            ) : null}
            <p className="flex flex-wrap items-center gap-2 text-sm">
              {t({ id: "settings.two-factor.status", message: "Status:" })}
              {status.data.enabled ? (
                <Badge variant="success">
                  <ShieldCheck aria-hidden="true" />
                  {t({ id: "settings.two-factor.on", message: "On" })}
                </Badge>
              ) : (
                <strong>{t({ id: "settings.two-factor.off", message: "Off" })}</strong>
              )}
            </p>
            {status.data.enabled ? (
              <div className="grid gap-1 text-sm text-muted-foreground">
                {status.data.enabledAt ? (
                  <p>
                    <Trans id="settings.two-factor.turned-on-at">
                      Turned on <time dateTime={status.data.enabledAt}>{enabledAt}</time>
                    </Trans>
                  </p>
                ) : null}
                <p className={left <= 2 ? "font-medium text-destructive dark:text-red-300" : undefined}>
                  {t({
                    id: "settings.two-factor.codes-left",
                    message: plural(left, { one: "# recovery code left", other: "# recovery codes left" }),
                  })}
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
                {t({ id: "settings.two-factor.new-codes", message: "New recovery codes" })}
              </Button>
              <Button variant="outline" onClick={() => setDialog("disable")}>
                {t({ id: "settings.two-factor.turn-off", message: "Turn off" })}
              </Button>
            </>
          ) : (
            <Button onClick={onSetUp} disabled={start.isPending}>
              {t({ id: "settings.two-factor.set-up", message: "Set up authenticator app" })}
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
            title: t({ id: "settings.two-factor.off-toast", message: "Two-factor authentication is off" }),
            description: t({
              id: "settings.two-factor.off-toast-text",
              message: "Sign-in asks only for your password.",
            }),
          })
        }
      />
    </Card>
  );
}
