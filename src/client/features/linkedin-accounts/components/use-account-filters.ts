import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { type AccountFilters, filtersFromSearchParams, NO_FILTERS, searchParamsFor } from "./account-filters";

/**
 * The filters as the URL holds them, so reload, back and a shared link keep them. Typing in the
 * search replaces the history entry (one entry per keystroke would make Back useless); choosing a
 * filter or a page adds one. Any filter change goes back to page 1.
 */
export function useAccountFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);

  // React Router hands a functional update the parameters of the last render, so two changes made
  // before the page renders again (a filter, then a keystroke) would lose the first. Each change
  // starts from the newest parameters asked for instead; a new render (Back, a link) resets them.
  const latest = useRef({ rendered: searchParams, wanted: searchParams });
  if (latest.current.rendered !== searchParams)
    latest.current = { rendered: searchParams, wanted: searchParams };

  const update = useCallback(
    (patch: Partial<AccountFilters>) => {
      const before = filtersFromSearchParams(latest.current.wanted);
      const next = searchParamsFor({ ...before, page: 1, ...patch });
      latest.current.wanted = next;
      setSearchParams(next, { replace: Object.keys(patch).every((key) => key === "q") });
    },
    [setSearchParams],
  );

  const setFilters = useCallback((patch: Partial<Omit<AccountFilters, "page">>) => update(patch), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);
  const clearFilters = useCallback(() => update(NO_FILTERS), [update]);

  return { filters, setFilters, setPage, clearFilters };
}
