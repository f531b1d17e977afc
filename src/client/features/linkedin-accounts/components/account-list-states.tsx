/** What the accounts screen shows instead of the table: loading or none (none matching is the kit's NoMatches). */
import { RefreshCw, Users } from "lucide-react";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";

export function AccountsLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading your LinkedIn accounts" />
    </div>
  );
}

export function NoAccounts({ syncing, onSync }: { syncing: boolean; onSync: () => void }) {
  return (
    <EmptyState
      icon={<Users aria-hidden="true" />}
      title="You have no LinkedIn accounts yet"
      action={
        <Button onClick={onSync} aria-disabled={syncing || undefined}>
          <RefreshCw
            aria-hidden="true"
            className={syncing ? "animate-spin motion-reduce:animate-none" : undefined}
          />
          Sync Accounts
        </Button>
      }
    >
      Accounts you have bought appear here once they are delivered. If you expect some already, sync them from
      our records.
    </EmptyState>
  );
}
