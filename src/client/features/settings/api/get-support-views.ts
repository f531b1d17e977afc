import { queryOptions, useQuery } from "@tanstack/react-query";
import { type SupportView, supportViewsSchema } from "../../../../shared/api/view-as";
import { getJson } from "../../../lib/api-client";

export const supportViewsQueryKey = ["/api/me/support-views"] as const;

/** When support viewed the signed-in customer's account (decision 036), newest first. */
export async function getSupportViews(): Promise<SupportView[]> {
  return supportViewsSchema.parse(await getJson("/api/me/support-views", { on401: "throw" })).views;
}

export const supportViewsQueryOptions = queryOptions({
  queryKey: supportViewsQueryKey,
  queryFn: getSupportViews,
  // Like the sessions beside it: current whenever the page is opened.
  staleTime: 0,
});

export function useSupportViews() {
  return useQuery(supportViewsQueryOptions);
}
