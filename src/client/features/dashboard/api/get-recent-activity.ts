import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Activity, activitySchema } from "../../../../shared/api/linkedin-accounts";
import { getJson } from "../../../lib/api-client";

/** The customer's recent Sync Now runs and secret reveals, newest first. */
export async function getRecentActivity(): Promise<Activity> {
  return activitySchema.parse(await getJson("/api/activity", { on401: "throw" }));
}

export const recentActivityQueryOptions = queryOptions({
  queryKey: ["/api/activity"] as const,
  queryFn: getRecentActivity,
  // A feed of what just happened: read again on every visit to the dashboard.
  staleTime: 0,
});

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions);
}
