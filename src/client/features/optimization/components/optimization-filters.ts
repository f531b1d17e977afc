/**
 * The optimization screen's search and status filter, as kept in the URL (?q=&status=), and the
 * filtering itself: pure, so the page can memoize it.
 */
import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import {
  OPTIMIZATION_STATUSES,
  type OptimizationStatus,
  optimizationStatusOf,
} from "../../../../shared/optimization-status";

export type StatusFilter = OptimizationStatus | "all";

export interface OptimizationFilters {
  q: string;
  status: StatusFilter;
}

export const NO_FILTERS: OptimizationFilters = { q: "", status: "all" };

/** Unknown or missing values (an old bookmark, a typo) fall back to no filter. */
export function filtersFromSearchParams(params: URLSearchParams): OptimizationFilters {
  const status = params.get("status");
  return {
    q: params.get("q") ?? "",
    status:
      status !== null && (OPTIMIZATION_STATUSES as readonly string[]).includes(status)
        ? (status as OptimizationStatus)
        : "all",
  };
}

/** The URL's search params for these filters; defaults are left out to keep the URL short. */
export function searchParamsFor(filters: OptimizationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q !== "") params.set("q", filters.q);
  if (filters.status !== "all") params.set("status", filters.status);
  return params;
}

export function hasFilters(filters: OptimizationFilters): boolean {
  return filters.q.trim() !== "" || filters.status !== "all";
}

/**
 * The requests whose form name, industry or current location contain the search (any case), and
 * whose status is the one chosen (decision R14: every value filters, "all" lets everything through).
 */
export function filterOptimizations(
  requests: readonly ProfileOptimization[],
  filters: OptimizationFilters,
): ProfileOptimization[] {
  const q = filters.q.trim().toLowerCase();
  return requests.filter((request) => {
    if (filters.status !== "all" && optimizationStatusOf(request.status) !== filters.status) return false;
    if (q === "") return true;
    return [request.formName, request.industry, request.currentLocation].some((field) =>
      field?.toLowerCase().includes(q),
    );
  });
}
