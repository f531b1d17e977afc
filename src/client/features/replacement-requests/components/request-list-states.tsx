/** What the requests screen shows instead of the list: loading or none (none matching is the kit's NoMatches). */
import { BriefcaseBusiness, Flag } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";

/** Card-shaped placeholders while the list loads. */
export function RequestsLoading() {
  return (
    <div role="status" aria-label="Loading your requests" className="space-y-3">
      <span className="sr-only">Loading your requests</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="space-y-3 rounded-xl border bg-card p-4">
          <div className="flex justify-between gap-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-5 w-20" />
          </div>
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-4 w-2/5" />
        </div>
      ))}
    </div>
  );
}

export function NoRequests() {
  return (
    <EmptyState
      icon={<Flag aria-hidden="true" />}
      title="No requests yet"
      action={
        <Button asChild>
          <Link to="/accounts/linkedin">
            <BriefcaseBusiness aria-hidden="true" />
            Go to your LinkedIn accounts
          </Link>
        </Button>
      }
    >
      When an account stops working (a wrong password, a restriction), choose Report a problem beside it to
      ask for a replacement or a fix. Your requests and what the operator does about them appear here.
    </EmptyState>
  );
}
