/**
 * The search and status filter of the two optimization screens, as kept in the URL (?q=&status=), and
 * the filtering itself: pure, so the pages can memoize it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import {
  OPTIMIZATION_STATUSES,
  type OptimizationStatus,
  optimizationStatusOf,
} from "../../../../shared/optimization-status";
import type { UrlFilters } from "../../../lib/use-url-filters";

/** "other" is every status outside R14's list (the base is edited by hand: "On hold", say). */
export type StatusFilter = OptimizationStatus | "other" | "all";

export interface OptimizationFilters {
  q: string;
  status: StatusFilter;
}

/**
 * What a screen shows of each request: its progress (/optimization) or the criteria it was sent with
 * (/profile-optimization). Each searches the fields its spec names.
 */
export type OptimizationView = "progress" | "criteria";

export const NO_FILTERS: OptimizationFilters = { q: "", status: "all" };

/** R14's statuses as the filter names them (the badge shows the base's own words). */
const STATUS_NAMES: Record<OptimizationStatus, MessageDescriptor> = {
  submitted: msg({ id: "optimizations.status.submitted", message: "Submitted" }),
  pending: msg({ id: "optimizations.status.pending", message: "Pending" }),
  in_review: msg({ id: "optimizations.status.in-review", message: "In review" }),
  in_progress: msg({ id: "optimizations.status.in-progress", message: "In progress" }),
  confirmed: msg({ id: "optimizations.status.confirmed", message: "Confirmed" }),
  completed: msg({ id: "optimizations.status.completed", message: "Completed" }),
  cancelled: msg({ id: "optimizations.status.cancelled", message: "Cancelled" }),
};

/** The status filter's choices; their labels are read in the page's language when shown. */
export const STATUS_FILTER_OPTIONS: readonly { value: StatusFilter; label: MessageDescriptor }[] = [
  { value: "all", label: msg({ id: "optimizations.filter.all", message: "All Statuses" }) },
  ...OPTIMIZATION_STATUSES.map((status) => ({ value: status, label: STATUS_NAMES[status] })),
  { value: "other", label: msg({ id: "optimizations.filter.other", message: "Other" }) },
];

/** Unknown or missing values (an old bookmark, a typo) fall back to no filter. */
export function filtersFromSearchParams(params: URLSearchParams): OptimizationFilters {
  const status = params.get("status");
  return {
    q: params.get("q") ?? "",
    status: STATUS_FILTER_OPTIONS.find((option) => option.value === status)?.value ?? "all",
  };
}

/** The URL's search params for these filters; defaults are left out to keep the URL short. */
export function searchParamsFor(filters: OptimizationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q !== "") params.set("q", filters.q);
  if (filters.status !== "all") params.set("status", filters.status);
  return params;
}

/** How the URL holds them (lib/use-url-filters): typing replaces the history entry, a status adds one. */
export const OPTIMIZATION_URL_FILTERS: UrlFilters<OptimizationFilters> = {
  parse: filtersFromSearchParams,
  serialize: searchParamsFor,
  empty: NO_FILTERS,
  typed: ["q"],
};

export function hasFilters(filters: OptimizationFilters): boolean {
  return filters.q.trim() !== "" || filters.status !== "all";
}

const SEARCHED: Record<OptimizationView, (request: ProfileOptimization) => (string | null)[]> = {
  progress: (request) => [request.formName, request.industry, request.currentLocation],
  criteria: (request) => [request.formName, request.gender, request.ethnicity, request.companyName],
};

/** Whether a stored status is the one a filter value stands for. */
function statusMatches(stored: string, filter: StatusFilter): boolean {
  if (filter === "all") return true;
  const known = optimizationStatusOf(stored);
  return filter === "other" ? known === undefined : known === filter;
}

/**
 * The requests whose searched fields contain the search (any case), and whose status is the one
 * chosen (decision R14: every value filters; "all" lets everything through, "other" the rest).
 */
export function filterOptimizations(
  requests: readonly ProfileOptimization[],
  filters: OptimizationFilters,
  view: OptimizationView,
): ProfileOptimization[] {
  const q = filters.q.trim().toLowerCase();
  return requests.filter((request) => {
    if (!statusMatches(request.status, filters.status)) return false;
    if (q === "") return true;
    return SEARCHED[view](request).some((field) => field?.toLowerCase().includes(q));
  });
}
