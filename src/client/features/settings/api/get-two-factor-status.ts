import { queryOptions, useQuery } from "@tanstack/react-query";
import { type TwoFactorStatus, twoFactorStatusSchema } from "../../../../shared/api/two-factor";
import { getJson } from "../../../lib/api-client";

export const twoFactorStatusQueryKey = ["/api/user/two-factor"] as const;

/** Whether an authenticator app guards sign-in, since when, and how many recovery codes are left. */
export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return twoFactorStatusSchema.parse(await getJson("/api/user/two-factor", { on401: "throw" }));
}

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: twoFactorStatusQueryKey,
  queryFn: getTwoFactorStatus,
  staleTime: 0,
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions);
}

/** The id of Settings' two-factor card: `/settings#two-factor` scrolls to it (an admin sent to enrol). */
export const TWO_FACTOR_CARD_ID = "two-factor";
