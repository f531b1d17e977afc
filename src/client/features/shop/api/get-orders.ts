import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { type OrderList, type OrderStatus, orderListSchema } from "../../../../shared/api/shop";
import { getJsonRevalidated } from "../../../lib/revalidated-get";

export const ordersQueryKey = (status: OrderStatus | undefined) => ["/api/orders", status ?? "all"] as const;

/** One page of the customer's orders, newest first; an unchanged page costs a 304 (its ETag). */
export async function getOrders(status: OrderStatus | undefined, cursor: string | null): Promise<OrderList> {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  const body = await getJsonRevalidated(`/api/orders${query ? `?${query}` : ""}`, { on401: "throw" });
  return orderListSchema.parse(body);
}

export function ordersQueryOptions(status: OrderStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: ordersQueryKey(status),
    queryFn: ({ pageParam }) => getOrders(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A payment or an expiry may change an order while the page is away: look again on return.
    refetchOnWindowFocus: true,
  });
}

export function useOrders(status: OrderStatus | undefined) {
  return useInfiniteQuery(ordersQueryOptions(status));
}
