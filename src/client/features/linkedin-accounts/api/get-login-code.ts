import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LoginCode } from "../../../../shared/api/linkedin-accounts";
import { apiRequest } from "../../../lib/api-client";

/** The live 6-digit 2FA code of an account whose secret is stored; the secret never leaves the server. */
export async function getLoginCode(accountId: number): Promise<LoginCode> {
  // The schema, and zod with it, loads with the first request: the screen's first load goes without
  // them (decision 013).
  const [res, { loginCodeSchema }] = await Promise.all([
    apiRequest("POST", `/api/accounts/linkedin/${accountId}/login-code`),
    import("../../../../shared/api/linkedin-accounts"),
  ]);
  return loginCodeSchema.parse(await res.json());
}

export function loginCodeQueryOptions(accountId: number) {
  return queryOptions({
    queryKey: ["/api/accounts/linkedin", accountId, "login-code"] as const,
    queryFn: () => getLoginCode(accountId),
    // The next code is fetched as soon as this one expires, and only while it is on screen: the query
    // stops with its last observer (the row is collapsed or the code hidden) and leaves nothing cached.
    refetchInterval: (query) => (query.state.data ? Math.max(1, query.state.data.secondsLeft) * 1000 : false),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useLoginCode(accountId: number) {
  return useQuery(loginCodeQueryOptions(accountId));
}
