import { useQuery } from "@tanstack/react-query";
import { type OrderDto, orderSchema } from "../../../../shared/api/shop";
import { ApiError, getJson } from "../../../lib/api-client";

/** The caller's order behind a payment session; null when there is none of theirs. */
export async function getOrderBySession(sessionId: string): Promise<OrderDto | null> {
  try {
    const body = await getJson(`/api/orders/by-session/${encodeURIComponent(sessionId)}`, { on401: "throw" });
    return orderSchema.parse(body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Polls while the payment is still being confirmed: the provider's event may follow the redirect. */
export function useOrderBySession(sessionId: string | null) {
  return useQuery({
    queryKey: ["order-by-session", sessionId] as const,
    queryFn: () => getOrderBySession(sessionId ?? ""),
    enabled: Boolean(sessionId),
    refetchInterval: (query) =>
      query.state.data?.status === "open" && query.state.dataUpdateCount < 30 ? 2000 : false,
  });
}
