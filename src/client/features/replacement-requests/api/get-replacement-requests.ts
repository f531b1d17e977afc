import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import {
  type ReplacementRequestList,
  type ReplacementRequestListQuery,
  replacementRequestListSchema,
} from "../../../../shared/api/replacement-requests";
import { getJsonRevalidated } from "../../../lib/revalidated-get";

export type RequestStatusFilter = NonNullable<ReplacementRequestListQuery["status"]>;

export const replacementRequestsQueryKey = (status: RequestStatusFilter | undefined) =>
  ["/api/replacement-requests", status ?? "all"] as const;

/** One page of the customer's replacement requests, newest first; an unchanged page costs a 304. */
export async function getReplacementRequests(
  status: RequestStatusFilter | undefined,
  cursor: string | null,
): Promise<ReplacementRequestList> {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  const body = await getJsonRevalidated(`/api/replacement-requests${query ? `?${query}` : ""}`, {
    on401: "throw",
  });
  return replacementRequestListSchema.parse(body);
}

export function replacementRequestsQueryOptions(status: RequestStatusFilter | undefined) {
  return infiniteQueryOptions({
    queryKey: replacementRequestsQueryKey(status),
    queryFn: ({ pageParam }) => getReplacementRequests(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The operator's changes arrive with a sync while the page is away: look again on return.
    refetchOnWindowFocus: true,
  });
}

export function useReplacementRequests(status: RequestStatusFilter | undefined) {
  return useInfiniteQuery(replacementRequestsQueryOptions(status));
}
