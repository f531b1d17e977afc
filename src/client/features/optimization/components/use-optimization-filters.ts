import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import {
  filtersFromSearchParams,
  NO_FILTERS,
  type OptimizationFilters,
  searchParamsFor,
} from "./optimization-filters";

/**
 * The filters as the URL holds them, so reload, back and a shared link keep them. Typing in the
 * search replaces the history entry (one entry per keystroke would make Back useless); choosing a
 * status adds one.
 */
export function useOptimizationFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);

  // React Router hands a functional update the parameters of the last render, so two changes made
  // before the page renders again would lose the first; each starts from the newest asked for.
  const latest = useRef({ rendered: searchParams, wanted: searchParams });
  if (latest.current.rendered !== searchParams)
    latest.current = { rendered: searchParams, wanted: searchParams };

  const setFilters = useCallback(
    (patch: Partial<OptimizationFilters>) => {
      const next = searchParamsFor({ ...filtersFromSearchParams(latest.current.wanted), ...patch });
      latest.current.wanted = next;
      setSearchParams(next, { replace: Object.keys(patch).every((key) => key === "q") });
    },
    [setSearchParams],
  );
  const clearFilters = useCallback(() => setFilters(NO_FILTERS), [setFilters]);

  return { filters, setFilters, clearFilters };
}
