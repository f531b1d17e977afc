/** What the accounts screen shows instead of the table: loading or none (none matching is the kit's NoMatches). */
import { RefreshCw, ShoppingCart, Users } from "lucide-react";
import { Link } from "react-router";
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
        // A new customer's first step is to order; one who has bought already syncs what was delivered.
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/orders">
              <ShoppingCart aria-hidden="true" />
              Order accounts
            </Link>
          </Button>
          <Button variant="outline" onClick={onSync} aria-disabled={syncing || undefined}>
            <RefreshCw
              aria-hidden="true"
              className={syncing ? "animate-spin motion-reduce:animate-none" : undefined}
            />
            Sync Accounts
          </Button>
        </div>
      }
    >
      Accounts you order appear here once they are delivered. If you expect some already, sync them from our
      records.
    </EmptyState>
  );
}
