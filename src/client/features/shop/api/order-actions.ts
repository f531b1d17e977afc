import { useMutation, useQueryClient } from "@tanstack/react-query";
import { continuePaymentAnswerSchema, orderSummarySchema } from "../../../../shared/api/shop";
import { apiRequest } from "../../../lib/api-client";

/** Where to pay an open order after all: the payment provider's page for it. */
export async function continueOrder(orderId: number): Promise<string> {
  const res = await apiRequest("POST", `/api/orders/${orderId}/continue`);
  return continuePaymentAnswerSchema.parse(await res.json()).url;
}

export function useContinueOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: continueOrder,
    // A conflict (paid or expired meanwhile) means the list is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: ["/api/orders"] }),
  });
}

export async function cancelOrder(orderId: number) {
  const res = await apiRequest("POST", `/api/orders/${orderId}/cancel`);
  return orderSummarySchema.parse(await res.json());
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["/api/orders"] }),
  });
}
