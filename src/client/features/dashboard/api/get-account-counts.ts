import { queryOptions, useQuery } from "@tanstack/react-query";
import { refetchUnlessPrefetched } from "../../../lib/first-load-data";
import { getLinkedinAccountList } from "../../../lib/linkedin-account-list";

/**
 * The dashboard's own read of the accounts list, under the spec's query key "account-counts": the
 * count cards and the Account Status card are computed from it. Same URL as the accounts screen, so
 * the browser's cache answers the second read with a 304.
 */
export function accountCountsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ["account-counts", uid] as const,
    queryFn: () => getLinkedinAccountList(uid),
    // Read again on each visit: a sync on the accounts screen changes the figures, and an unchanged
    // list costs only a 304.
    staleTime: 0,
    refetchOnMount: refetchUnlessPrefetched,
  });
}

/** Runs only once the uid is known. */
export function useAccountCounts(uid: string | undefined) {
  return useQuery({ ...accountCountsQueryOptions(uid ?? ""), enabled: Boolean(uid) });
}
