import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  type ProfileOptimization,
  profileOptimizationListSchema,
} from "../../../../shared/api/profile-optimizations";
import { getJsonRevalidated } from "../../../lib/revalidated-get";

export const profileOptimizationsQueryKey = ["/api/profile-optimizations"] as const;

/**
 * The signed-in customer's profile-optimization requests. The server tags the list with an ETag, so
 * coming back to the screen costs a 304 while nothing changed (see revalidated-get.ts).
 */
export async function getProfileOptimizations(): Promise<ProfileOptimization[]> {
  const body = await getJsonRevalidated("/api/profile-optimizations", { on401: "throw" });
  return profileOptimizationListSchema.parse(body);
}

export const profileOptimizationsQueryOptions = queryOptions({
  queryKey: profileOptimizationsQueryKey,
  queryFn: getProfileOptimizations,
});

export function useProfileOptimizations() {
  return useQuery(profileOptimizationsQueryOptions);
}
