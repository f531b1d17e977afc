/** What the requests screen shows instead of the list: loading or none (none matching is the kit's NoMatches). */
import { useLingui } from "@lingui/react/macro";
import { BriefcaseBusiness, Flag } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";

/** Card-shaped placeholders while the list loads. */
export function RequestsLoading() {
  const { t } = useLingui();
  const label = t({ id: "replacements.loading", message: "Loading your requests" });
  return (
    <div role="status" aria-label={label} className="space-y-3">
      <span className="sr-only">{label}</span>
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
  const { t } = useLingui();
  return (
    <EmptyState
      icon={<Flag aria-hidden="true" />}
      title={t({ id: "replacements.none", message: "No requests yet" })}
      action={
        <Button asChild>
          <Link to="/accounts/linkedin">
            <BriefcaseBusiness aria-hidden="true" />
            {t({ id: "replacements.none.go-to-accounts", message: "Go to your LinkedIn accounts" })}
          </Link>
        </Button>
      }
    >
      {t({
        id: "replacements.none.text",
        message:
          "When an account stops working (a wrong password, a restriction), choose Report a problem beside it to ask for a replacement or a fix. Your requests and what the operator does about them appear here.",
      })}
    </EmptyState>
  );
}
