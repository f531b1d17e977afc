/** What the accounts screen shows instead of the table: loading or none (none matching is the kit's NoMatches). */
import { useLingui } from "@lingui/react/macro";
import { RefreshCw, ShoppingCart, Users } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";

export function AccountsLoading() {
  const { t } = useLingui();
  return (
    <div className="flex justify-center py-16">
      <Spinner label={t({ id: "accounts.loading", message: "Loading your LinkedIn accounts" })} />
    </div>
  );
}

export function NoAccounts({ syncing, onSync }: { syncing: boolean; onSync: () => void }) {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={<Users aria-hidden="true" />}
      title={t({ id: "accounts.empty.title", message: "You have no LinkedIn accounts yet" })}
      action={
        // A new customer's first step is to order; one who has bought already syncs what was delivered.
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/orders">
              <ShoppingCart aria-hidden="true" />
              {t({ id: "accounts.empty.order", message: "Order accounts" })}
            </Link>
          </Button>
          <Button variant="outline" onClick={onSync} aria-disabled={syncing || undefined}>
            <RefreshCw
              aria-hidden="true"
              className={syncing ? "animate-spin motion-reduce:animate-none" : undefined}
            />
            {t({ id: "accounts.empty.sync", message: "Sync Accounts" })}
          </Button>
        </div>
      }
    >
      {t({
        id: "accounts.empty.text",
        message:
          "Accounts you order appear here once they are delivered. If you expect some already, sync them from our records.",
      })}
    </EmptyState>
  );
}
