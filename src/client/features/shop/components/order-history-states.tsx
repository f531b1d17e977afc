/** What the order history shows instead of the list: loading or none (none matching is the kit's NoMatches). */
import { ClipboardList, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";

/** Card-shaped placeholders while the list loads. */
export function OrdersLoading() {
  return (
    <div role="status" aria-label="Loading your orders" className="space-y-3">
      <span className="sr-only">Loading your orders</span>
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
  return (
    <EmptyState
      icon={<ClipboardList aria-hidden="true" />}
      title="No orders yet"
      action={
        <Button asChild>
          <Link to="/orders">
            <ShoppingCart aria-hidden="true" />
            Browse plans
          </Link>
        </Button>
      }
    >
      The orders you place appear here, with where each payment stands and its receipt.
    </EmptyState>
  );
}
