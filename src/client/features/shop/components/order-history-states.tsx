/** What the order history shows instead of the list: loading or none (none matching is the kit's NoMatches). */
import { useLingui } from "@lingui/react/macro";
import { ClipboardList, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";

/** Card-shaped placeholders while the list loads. */
export function OrdersLoading() {
  const { t } = useLingui();
  const loading = t({ id: "shop.history.loading", message: "Loading your orders" });
  return (
    <div role="status" aria-label={loading} className="space-y-3">
      <span className="sr-only">{loading}</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="space-y-3 rounded-xl border bg-card p-4">
          <div className="flex justify-between gap-4">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-4 w-3/5" />
            </div>
            <Skeleton className="h-5 w-24" />
          </div>
          <Skeleton className="h-8 w-28" />
        </div>
      ))}
    </div>
  );
}

export function NoOrders() {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={<ClipboardList aria-hidden="true" />}
      title={t({ id: "shop.history.none.title", message: "No orders yet" })}
      action={
        <Button asChild>
          <Link to="/orders">
            <ShoppingCart aria-hidden="true" />
            {t({ id: "shop.history.none.browse", message: "Browse plans" })}
          </Link>
        </Button>
      }
    >
      {t({
        id: "shop.history.none.text",
        message: "The orders you place appear here, with where each payment stands and its receipt.",
      })}
    </EmptyState>
  );
}
