import { queryOptions, useQuery } from "@tanstack/react-query";
import { type LinkedinAccount, linkedinAccountListSchema } from "../../../../shared/api/linkedin-accounts";
import { getJson } from "../../../lib/api-client";

// Spec sections 4 and 9: the accounts list refreshes every 30 seconds while the screen is open. The
// server answers with an ETag, so the browser's cache turns an unchanged list into a 304.
export const LINKEDIN_ACCOUNTS_REFRESH_MS = 30_000;

export const linkedinAccountsQueryKey = (uid: string) => ["/api/accounts/linkedin/user", uid] as const;

/** The signed-in customer's LinkedIn accounts, without their secrets (decision D7). */
export async function getLinkedinAccounts(uid: string): Promise<LinkedinAccount[]> {
  const body = await getJson(`/api/accounts/linkedin/user/${encodeURIComponent(uid)}`, { on401: "throw" });
  return linkedinAccountListSchema.parse(body);
}

export function linkedinAccountsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: linkedinAccountsQueryKey(uid),
    queryFn: () => getLinkedinAccounts(uid),
    refetchInterval: LINKEDIN_ACCOUNTS_REFRESH_MS,
  });
}

export function useLinkedinAccounts(uid: string) {
  return useQuery(linkedinAccountsQueryOptions(uid));
}
