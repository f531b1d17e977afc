/** What the accounts screen shows instead of the table: loading, signed out, none, none matching. */
import { useQueryClient } from "@tanstack/react-query";
import { FilterX, LogIn, RefreshCw, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { currentUserQueryKey } from "../../../lib/session";

function Panel({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      {children}
    </div>
  );
}

export function AccountsLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading your LinkedIn accounts" />
    </div>
  );
}

/**
 * The list answered 401: the session ended (expired, or signed out in another tab). Going to log in
 * checks the session again, so the app sees it has ended and shows the sign-in screen.
 */
export function AccountsSignedOut() {
  const queryClient = useQueryClient();
  const recheckSession = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  return (
    <Panel icon={<LogIn aria-hidden="true" className="size-5" />}>
      <p className="font-medium">Please log in to view your LinkedIn accounts</p>
      <p className="max-w-md text-sm text-muted-foreground">Your session has ended.</p>
      <Button asChild>
        <Link to="/login" onClick={recheckSession}>
          Go to login
        </Link>
      </Button>
    </Panel>
  );
}

export function NoAccounts({ syncing, onSync }: { syncing: boolean; onSync: () => void }) {
  return (
    <Panel icon={<Users aria-hidden="true" className="size-5" />}>
      <p className="font-medium">You have no LinkedIn accounts yet</p>
      <p className="max-w-md text-sm text-muted-foreground">
        Accounts you have bought appear here once they are delivered. If you expect some already, sync them
        from our records.
      </p>
      <Button onClick={onSync} aria-disabled={syncing || undefined}>
        <RefreshCw
          aria-hidden="true"
          className={syncing ? "animate-spin motion-reduce:animate-none" : undefined}
        />
        Sync Accounts
      </Button>
    </Panel>
  );
}

export function NoMatchingAccounts({ onClear }: { onClear: () => void }) {
  return (
    <Panel icon={<FilterX aria-hidden="true" className="size-5" />}>
      <p className="font-medium">No accounts match your search and filters</p>
      <Button variant="outline" onClick={onClear}>
        Clear filters
      </Button>
    </Panel>
  );
}
