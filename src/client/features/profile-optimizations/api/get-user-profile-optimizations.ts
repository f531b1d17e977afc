import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  type ProfileOptimization,
  profileOptimizationListSchema,
} from "../../../../shared/api/profile-optimizations";
import { getJsonRevalidated } from "../../../lib/revalidated-get";

export const userProfileOptimizationsQueryKey = (uid: string) => ["/api/profile-optimizations", uid] as const;

/**
 * A customer's profile-optimization requests by their uid (the server answers only the signed-in
 * customer's own, decision D6), revalidated by ETag as the accounts list is.
 */
export async function getUserProfileOptimizations(uid: string): Promise<ProfileOptimization[]> {
  const body = await getJsonRevalidated(`/api/profile-optimizations/${encodeURIComponent(uid)}`, {
    on401: "throw",
  });
  return profileOptimizationListSchema.parse(body);
}

export function userProfileOptimizationsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: userProfileOptimizationsQueryKey(uid),
    queryFn: () => getUserProfileOptimizations(uid),
  });
}

export function useUserProfileOptimizations(uid: string) {
  return useQuery(userProfileOptimizationsQueryOptions(uid));
}
