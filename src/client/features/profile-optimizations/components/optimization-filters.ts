/**
 * The search and status filter of the two optimization screens, as kept in the URL (?q=&status=), and
 * the filtering itself: pure, so the pages can memoize it.
 */
import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import {
  OPTIMIZATION_STATUSES,
  type OptimizationStatus,
  optimizationStatusLabel,
  optimizationStatusOf,
} from "../../../../shared/optimization-status";
import type { SelectOption } from "../../../components/native-select";
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

export const STATUS_FILTER_OPTIONS: readonly SelectOption<StatusFilter>[] = [
  { value: "all", label: "All Statuses" },
  ...OPTIMIZATION_STATUSES.map((status) => ({ value: status, label: optimizationStatusLabel(status) })),
  { value: "other", label: "Other" },
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
