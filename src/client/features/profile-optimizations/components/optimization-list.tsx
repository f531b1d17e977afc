import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";
import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import { NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { formatCount } from "../../../lib/format";
import { useUrlFilters } from "../../../lib/use-url-filters";
import { OptimizationCard } from "./optimization-card";
import {
  filterOptimizations,
  hasFilters,
  OPTIMIZATION_URL_FILTERS,
  type OptimizationView,
} from "./optimization-filters";
import { NoOptimizations, OptimizationsLoading } from "./optimization-states";
import { OptimizationToolbar } from "./optimization-toolbar";

/**
 * Both optimization screens' list: loading, failed, none, or the search (and on /optimization the
 * status filter) over the cards, with the filters kept in the URL.
 */
export function OptimizationList({
  view,
  list,
  failedTitle,
}: {
  view: OptimizationView;
  list: UseQueryResult<ProfileOptimization[]>;
  failedTitle: string;
}) {
  const { t } = useLingui();
  const { filters: urlFilters, setFilters, clearFilters } = useUrlFilters(OPTIMIZATION_URL_FILTERS);
  // /profile-optimization has no status filter: a status in its URL (a link from the other tab) is not applied.
  const filters = view === "progress" ? urlFilters : { ...urlFilters, status: "all" as const };
  // Typing stays responsive on a long list: the cards catch up with the search a moment later.
  const q = useDeferredValue(filters.q);
  const requests = list.data;
  const shown = useMemo(
    () => (requests ? filterOptimizations(requests, { q, status: filters.status }, view) : []),
    [requests, q, filters.status, view],
  );

  if (list.isPending) return <OptimizationsLoading />;
  if (!requests) {
    return (
      <ErrorState
        title={failedTitle}
        error={list.error}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (requests.length === 0) return <NoOptimizations />;

  const total = requests.length;
  const matching = formatCount(shown.length);

  return (
    <div className="space-y-4">
      <OptimizationToolbar view={view} filters={filters} onChange={setFilters} onClear={clearFilters} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {hasFilters(filters)
          ? t({
              id: "optimizations.list.showing",
              message: plural(total, {
                one: `Showing ${matching} of # request`,
                other: `Showing ${matching} of # requests`,
              }),
            })
          : t({
              id: "optimizations.list.count",
              message: plural(total, { one: "# request", other: "# requests" }),
            })}
      </p>
      {shown.length === 0 ? (
        <NoMatches
          title={t({
            id: "optimizations.list.no-matches",
            message: "No optimization requests match your search and filters",
          })}
          onClear={clearFilters}
        />
      ) : (
        <ul className="space-y-4">
          {shown.map((request) => (
            <li key={request.id}>
              <OptimizationCard request={request} view={view} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
