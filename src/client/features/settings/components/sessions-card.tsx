import { LoaderCircle, LogOut, Monitor, Smartphone } from "lucide-react";
import type { SessionInfo } from "../../../../shared/api/auth";
import { describeUserAgent } from "../../../../shared/user-agent";
import { LoadFailed } from "../../../components/load-failed";
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
import { useUserSessions } from "../api/get-user-sessions";
import { useSignOutOtherSessions } from "../api/sign-out-other-sessions";

function SessionRow({ session }: { session: SessionInfo }) {
  const { browser, os, mobile } = describeUserAgent(session.userAgent);
  const Icon = mobile ? Smartphone : Monitor;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span title={session.userAgent ?? undefined}>
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
        </p>
      </div>
    </li>
  );
}

/** Where the account is signed in, with a way to end every session but this one. */
export function SessionsCard() {
  const sessions = useUserSessions();
  const signOutOthers = useSignOutOtherSessions();
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
          <LoadFailed
            message="Your sessions could not be loaded."
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
            className="justify-between rounded-lg border border-dashed p-4"
          />
        ) : (
          <ul aria-label="Sessions" className="divide-y">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
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
