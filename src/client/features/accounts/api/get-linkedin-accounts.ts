import { queryOptions, useQuery } from "@tanstack/react-query";
import { type LinkedinAccount, linkedinAccountListSchema } from "../../../../shared/api/linkedin-accounts";
import { getJsonRevalidated } from "../../../lib/revalidated-get";

// Spec sections 4 and 9: the accounts list refreshes every 30 seconds while the screen is open. The
// server answers with an ETag, so an unchanged list costs a 304 (see revalidated-get.ts).
export const LINKEDIN_ACCOUNTS_REFRESH_MS = 30_000;

export const linkedinAccountsQueryKey = (uid: string) => ["/api/accounts/linkedin/user", uid] as const;

/** The signed-in customer's LinkedIn accounts, without their secrets (decision D7). */
export async function getLinkedinAccounts(uid: string): Promise<LinkedinAccount[]> {
  const body = await getJsonRevalidated(`/api/accounts/linkedin/user/${encodeURIComponent(uid)}`, {
    on401: "throw",
  });
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
