/** What the optimization screens show instead of the cards: loading or none at all (none matching is the kit's NoMatches). */
import { useLingui } from "@lingui/react/macro";
import { Sparkles } from "lucide-react";
import { EmptyState } from "../../../components/empty-state";
import { Skeleton } from "../../../components/ui/skeleton";

/** Cards in the shape of the real ones, so the page does not jump when they arrive. */
export function OptimizationsLoading() {
  const { t } = useLingui();
  const loading = t({ id: "optimizations.loading", message: "Loading your optimization requests" });
  return (
    <div role="status" aria-label={loading} className="space-y-4">
      <span className="sr-only">{loading}</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="space-y-4 rounded-xl border bg-card p-4 sm:p-5">
          <div className="flex items-center justify-between gap-3">
            <Skeleton className="h-5 w-48 max-w-[60%]" />
            <Skeleton className="h-8 w-28" />
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            {[0, 1, 2, 3].map((line) => (
              <Skeleton key={line} className="h-4 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export function NoOptimizations() {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={<Sparkles aria-hidden="true" />}
      title={t({ id: "optimizations.empty.title", message: "You have no profile optimization requests yet" })}
    >
      {t({
        id: "optimizations.empty.text",
        message:
          "Use New Request to tell us which profiles to optimize; your requests, their criteria and their progress appear here.",
      })}
    </EmptyState>
  );
}
