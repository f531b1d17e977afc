/** What the transactions screen shows instead of the list: loading or none (none matching is the kit's NoMatches). */
import { useLingui } from "@lingui/react/macro";
import { Receipt, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";

/** Card-shaped placeholders while the list loads. */
export function TransactionsLoading() {
  const { t } = useLingui();
  const label = t({ id: "billing.transactions.loading", message: "Loading your transactions" });
  return (
    <div role="status" aria-label={label} className="space-y-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className="flex items-start gap-3 rounded-xl border bg-card p-4">
          <Skeleton className="size-8 shrink-0" />
          <div className="flex-1 space-y-2">
            <div className="flex justify-between gap-4">
              <Skeleton className="h-5 w-2/5" />
              <Skeleton className="h-5 w-20" />
            </div>
            <div className="flex gap-3">
              <Skeleton className="h-5 w-44 max-w-[50%]" />
              <Skeleton className="h-5 w-24" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

export function NoTransactions() {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={<Receipt aria-hidden="true" />}
      title={t({ id: "billing.transactions.none", message: "No transactions yet" })}
      action={
        <Button asChild>
          <Link to="/orders">
            <ShoppingCart aria-hidden="true" />
            {t({ id: "billing.transactions.place-order", message: "Place Order" })}
          </Link>
        </Button>
      }
    >
      {t({
        id: "billing.transactions.none-text",
        message: "Your payments, renewals and refunds appear here once you have placed an order.",
      })}
    </EmptyState>
  );
}
