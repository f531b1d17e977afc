/** What the transactions screen shows instead of the list: loading, signed out, none, none matching. */
import { useQueryClient } from "@tanstack/react-query";
import { FilterX, LogIn, Receipt, ShoppingCart } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
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

/** Card-shaped placeholders while the list loads. */
export function TransactionsLoading() {
  return (
    <div role="status" aria-label="Loading your transactions" className="space-y-3">
      <span className="sr-only">Loading your transactions</span>
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

/**
 * The list answered 401: the session ended (expired, or signed out in another tab). Going to log in
 * checks the session again, so the app sees it has ended and shows the sign-in screen.
 */
export function TransactionsSignedOut() {
  const queryClient = useQueryClient();
  const recheckSession = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  return (
    <Panel icon={<LogIn aria-hidden="true" className="size-5" />}>
      <h2 className="font-medium">Authentication Required</h2>
      <p className="max-w-md text-sm text-muted-foreground">Please log in to view your transactions.</p>
      <Button asChild>
        <Link to="/login" onClick={recheckSession}>
          Go to login
        </Link>
      </Button>
    </Panel>
  );
}

export function NoTransactions() {
  return (
    <Panel icon={<Receipt aria-hidden="true" className="size-5" />}>
      <h2 className="font-medium">No transactions yet</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        Your payments, renewals and refunds appear here once you have placed an order.
      </p>
      <Button asChild>
        <Link to="/orders">
          <ShoppingCart aria-hidden="true" />
          Place Order
        </Link>
      </Button>
    </Panel>
  );
}

export function NoMatchingTransactions({ onClear }: { onClear: () => void }) {
  return (
    <Panel icon={<FilterX aria-hidden="true" className="size-5" />}>
      <h2 className="font-medium">No transactions match your search and filter</h2>
      <Button variant="outline" onClick={onClear}>
        Clear search and filter
      </Button>
    </Panel>
  );
}
