import { LoaderCircle, LogOut, Monitor, Smartphone } from "lucide-react";
import { useId } from "react";
import type { SessionInfo, SessionProofName } from "../../../../shared/api/auth";
import { describeUserAgent } from "../../../../shared/user-agent";
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
import { toast } from "../../../lib/use-toast";
import { useEndSession } from "../api/end-session";
import { useUserSessions } from "../api/get-user-sessions";
import { useSignOutOtherSessions } from "../api/sign-out-other-sessions";
import { SupportViews } from "./support-views";

/** How the session's holder proved who they are, as the list says it. */
const PROVEN_BY: Record<SessionProofName, string> = {
  password: "Password",
  "password+totp": "Password and authenticator code",
  "password+recovery-code": "Password and recovery code",
  passkey: "Passkey",
  google: "Google",
  "mailed-link": "Emailed link",
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
  const { browser, os, mobile } = describeUserAgent(session.userAgent);
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
            {browser} on {os}
          </span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.ipAddress ? `IP ${session.ipAddress} · ` : ""}
          Last active <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time>
        </p>
        <p className="text-xs text-muted-foreground">
          Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
          {" · "}Proven by: {PROVEN_BY[session.provenBy]}
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
          Sign out
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
  const sessions = useUserSessions();
  const signOutOthers = useSignOutOtherSessions();
  const endSession = useEndSession();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const onSignOutOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Other sessions signed out", description: "Only this device is still signed in." }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Sign-out failed",
          description: failureText(error, "Your other sessions could not be signed out"),
        }),
    });

  const onEnd = (session: SessionInfo) => {
    const { browser, os } = describeUserAgent(session.userAgent);
    endSession.mutate(session.id, {
      onSuccess: () =>
        toast({ title: "Session signed out", description: `${browser} on ${os} is signed out.` }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Sign-out failed",
          description: failureText(error, "The session could not be signed out"),
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>The devices where your account is signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading sessions" />
          </div>
        ) : sessions.isError ? (
          <InlineError
            message="Your sessions could not be loaded."
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
            className="justify-between rounded-lg border border-dashed p-4"
          />
        ) : (
          <ul aria-label="Sessions" className="divide-y">
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
              ? "No other device is signed in."
              : `${others} other ${others === 1 ? "session" : "sessions"} signed in.`
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
          Sign out other sessions
        </Button>
      </CardFooter>
    </Card>
  );
}
