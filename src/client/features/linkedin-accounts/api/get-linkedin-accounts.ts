import { queryOptions, useQuery } from "@tanstack/react-query";
import { getLinkedinAccountList } from "../../../lib/linkedin-account-list";

// Spec sections 4 and 9: the accounts list refreshes every 30 seconds while the screen is open. The
// server answers with an ETag, so an unchanged list costs a 304 (see revalidated-get.ts).
export const LINKEDIN_ACCOUNTS_REFRESH_MS = 30_000;

export const linkedinAccountsQueryKey = (uid: string) => ["/api/accounts/linkedin/user", uid] as const;

export function linkedinAccountsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: linkedinAccountsQueryKey(uid),
    queryFn: () => getLinkedinAccountList(uid),
    refetchInterval: LINKEDIN_ACCOUNTS_REFRESH_MS,
  });
}

export function useLinkedinAccounts(uid: string) {
  return useQuery(linkedinAccountsQueryOptions(uid));
}
