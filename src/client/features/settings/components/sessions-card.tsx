import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle, LogOut, Monitor, Smartphone } from "lucide-react";
import { useId } from "react";
import type { SessionInfo, SessionProofName } from "../../../../shared/api/auth";
import { describeUserAgent, UNKNOWN_BROWSER, UNKNOWN_SYSTEM } from "../../../../shared/user-agent";
import { InlineError } from "../../../components/error-state";
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
import { i18n as pageI18n } from "../../../lib/i18n/i18n";
import { toast } from "../../../lib/use-toast";
import { useEndSession } from "../api/end-session";
import { useUserSessions } from "../api/get-user-sessions";
import { useSignOutOtherSessions } from "../api/sign-out-other-sessions";
import { SupportViews } from "./support-views";

/** How the session's holder proved who they are, as the list says it. */
/**
 * The browser and system behind a session, in the page's language: src/shared/user-agent.ts names
 * the ones it knows by their own names, and those it does not in English.
 */
function device(userAgent: string | null): { browser: string; os: string; mobile: boolean } {
  const { browser, os, mobile } = describeUserAgent(userAgent);
  return {
    browser:
      browser === UNKNOWN_BROWSER
        ? pageI18n._(msg({ id: "settings.sessions.unknown-browser", message: "Unknown browser" }))
        : browser,
    os:
      os === UNKNOWN_SYSTEM
        ? pageI18n._(msg({ id: "settings.sessions.unknown-system", message: "an unknown system" }))
        : os,
    mobile,
  };
}

const PROVEN_BY: Record<SessionProofName, MessageDescriptor> = {
  password: msg({ id: "settings.sessions.proof.password", message: "Password" }),
  "password+totp": msg({
    id: "settings.sessions.proof.password-totp",
    message: "Password and authenticator code",
  }),
  "password+recovery-code": msg({
    id: "settings.sessions.proof.password-recovery-code",
    message: "Password and recovery code",
  }),
  passkey: msg({ id: "settings.sessions.proof.passkey", message: "Passkey" }),
  google: msg({ id: "settings.sessions.proof.google", message: "Google" }),
  "mailed-link": msg({ id: "settings.sessions.proof.mailed-link", message: "Emailed link" }),
};

/** This device first, then the others as the server lists them (most recently used first). */
const currentFirst = (sessions: SessionInfo[]) =>
  [...sessions].sort((a, b) => Number(b.current) - Number(a.current));

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: SessionInfo;
  ending: boolean;
  onEnd: (session: SessionInfo) => void;
}) {
  const { t, i18n } = useLingui();
  const { browser, os, mobile } = device(session.userAgent);
  const ipAddress = session.ipAddress;
  const lastSeenAt = formatDateTime(session.lastSeenAt);
  const createdAt = formatDateTime(session.createdAt);
  const provenBy = i18n._(PROVEN_BY[session.provenBy]);
  const Icon = mobile ? Smartphone : Monitor;
  // Each row's button says "Sign out"; the row's device names which session it ends.
  const deviceId = useId();
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 first:pt-0 last:pb-0 sm:flex-nowrap">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span id={deviceId} title={session.userAgent ?? undefined}>
            {t({ id: "settings.sessions.device", message: `${browser} on ${os}` })}
          </span>
          {session.current ? (
            <Badge variant="success">
              {t({ id: "settings.sessions.this-device", message: "This device" })}
            </Badge>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {ipAddress ? (
            <Trans id="settings.sessions.ip-last-active">
              IP {ipAddress} · Last active <time dateTime={session.lastSeenAt}>{lastSeenAt}</time>
            </Trans>
          ) : (
            <Trans id="settings.sessions.last-active">
              Last active <time dateTime={session.lastSeenAt}>{lastSeenAt}</time>
            </Trans>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          <Trans id="settings.sessions.signed-in-proven-by">
            Signed in <time dateTime={session.createdAt}>{createdAt}</time> · Proven by: {provenBy}
          </Trans>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="ml-12 sm:ml-0"
          aria-describedby={deviceId}
          disabled={ending}
          onClick={() => onEnd(session)}
        >
          {ending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {t({ id: "settings.sessions.sign-out", message: "Sign out" })}
        </Button>
      )}
    </li>
  );
}

/**
 * Where the account is signed in and how each session was proven, this device first, with a way to
 * end any other session, or every one but this; below, when the support team viewed the account.
 */
export function SessionsCard() {
  const { t } = useLingui();
  const sessions = useUserSessions();
  const signOutOthers = useSignOutOtherSessions();
  const endSession = useEndSession();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const onSignOutOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t({ id: "settings.sessions.others-signed-out", message: "Other sessions signed out" }),
          description: t({
            id: "settings.sessions.others-signed-out-text",
            message: "Only this device is still signed in.",
          }),
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t({ id: "settings.sessions.sign-out-failed", message: "Sign-out failed" }),
          description: failureText(
            error,
            t({
              id: "settings.sessions.others-not-signed-out",
              message: "Your other sessions could not be signed out",
            }),
          ),
        }),
    });

  const onEnd = (session: SessionInfo) => {
    const { browser, os } = device(session.userAgent);
    endSession.mutate(session.id, {
      onSuccess: () =>
        toast({
          title: t({ id: "settings.sessions.signed-out", message: "Session signed out" }),
          description: t({
            id: "settings.sessions.signed-out-text",
            message: `${browser} on ${os} is signed out.`,
          }),
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t({ id: "settings.sessions.sign-out-failed", message: "Sign-out failed" }),
          description: failureText(
            error,
            t({ id: "settings.sessions.not-signed-out", message: "The session could not be signed out" }),
          ),
        }),
    });
  };

  const title = t({ id: "settings.sessions.title", message: "Sessions" });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {t({
            id: "settings.sessions.description",
            message: "The devices where your account is signed in.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t({ id: "settings.sessions.loading", message: "Loading sessions" })} />
          </div>
        ) : sessions.isError ? (
          <InlineError
            message={t({
              id: "settings.sessions.load-failed",
              message: "Your sessions could not be loaded.",
            })}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
            className="justify-between rounded-lg border border-dashed p-4"
          />
        ) : (
          <ul aria-label={title} className="divide-y">
            {currentFirst(sessions.data).map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={endSession.isPending && endSession.variables === session.id}
                onEnd={onEnd}
              />
            ))}
          </ul>
        )}
        <SupportViews />
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-3 border-t pt-6">
        <p className="text-sm text-muted-foreground">
          {sessions.isSuccess
            ? others === 0
              ? t({ id: "settings.sessions.no-others", message: "No other device is signed in." })
              : t({
                  id: "settings.sessions.others",
                  message: plural(others, {
                    one: "# other session signed in.",
                    other: "# other sessions signed in.",
                  }),
                })
            : null}
        </p>
        <Button
          variant="outline"
          onClick={onSignOutOthers}
          disabled={others === 0 || signOutOthers.isPending}
        >
          {signOutOthers.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {t({ id: "settings.sessions.sign-out-others", message: "Sign out other sessions" })}
        </Button>
      </CardFooter>
    </Card>
  );
}
