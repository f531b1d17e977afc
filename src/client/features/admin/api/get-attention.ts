import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Attention, attentionSchema } from "../../../../shared/api/admin-attention";
import { getJson } from "../../../lib/api-client";

export const attentionQueryKey = ["/api/admin/attention"] as const;

/** What the admin's dashboard counts as needing attention, in one answer. */
export async function getAttention(): Promise<Attention> {
  return attentionSchema.parse(await getJson("/api/admin/attention", { on401: "throw" }));
}

export const attentionQueryOptions = queryOptions({
  queryKey: attentionQueryKey,
  queryFn: getAttention,
  // A dashboard left open catches up with payments, jobs and syncs that came in meanwhile.
  refetchInterval: 60_000,
});

export function useAttention() {
  return useQuery(attentionQueryOptions);
}
