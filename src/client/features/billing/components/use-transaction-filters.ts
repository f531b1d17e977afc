import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import {
  NO_TRANSACTION_FILTERS,
  searchParamsForTransactionFilters,
  type TransactionFilters,
  transactionFiltersFromSearchParams,
} from "./transaction-format";

/**
 * The event type and product search as the URL holds them, so reload, back and a shared link keep
 * them. Typing replaces the history entry (one per keystroke would make Back useless); choosing an
 * event type or clearing adds one.
 */
export function useTransactionFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => transactionFiltersFromSearchParams(searchParams), [searchParams]);

  // Two changes before the page renders again (an event type, then a keystroke) must not lose the
  // first: each starts from the newest parameters asked for; a new render (Back, a link) resets them.
  const latest = useRef({ rendered: searchParams, wanted: searchParams });
  if (latest.current.rendered !== searchParams)
    latest.current = { rendered: searchParams, wanted: searchParams };

  const setFilters = useCallback(
    (patch: Partial<TransactionFilters>) => {
      const before = transactionFiltersFromSearchParams(latest.current.wanted);
      const next = searchParamsForTransactionFilters({ ...before, ...patch });
      latest.current.wanted = next;
      setSearchParams(next, { replace: Object.keys(patch).every((key) => key === "q") });
    },
    [setSearchParams],
  );
  const clearFilters = useCallback(() => setFilters(NO_TRANSACTION_FILTERS), [setFilters]);

  return { filters, setFilters, clearFilters };
}
