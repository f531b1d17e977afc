import { useQuery } from "@tanstack/react-query";
import { type HeldOrder, heldOrderSchema } from "../../../../shared/api/shop";
import { ApiError, getJson } from "../../../lib/api-client";

/** An order as whoever returns from its checkout sees it; null when there is no such order. */
async function getHeldOrder(url: string): Promise<HeldOrder | null> {
  try {
    return heldOrderSchema.parse(await getJson(url, { on401: "throw" }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The order behind a payment session, signed in or not: the session id is what shows it. */
export function getOrderBySession(sessionId: string): Promise<HeldOrder | null> {
  return getHeldOrder(`/api/orders/by-session/${encodeURIComponent(sessionId)}`);
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

/** The order a checkout's cancel link names (`ref`, sealed by the server). */
export function useOrderByCancelLink(ref: string | null) {
  return useQuery({
    queryKey: ["order-by-cancel-link", ref] as const,
    queryFn: () => getHeldOrder(`/api/orders/by-cancel-link/${encodeURIComponent(ref ?? "")}`),
    enabled: Boolean(ref),
  });
}
