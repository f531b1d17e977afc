import { useMutation } from "@tanstack/react-query";
import { type CheckoutSessionAnswer, checkoutSessionAnswerSchema } from "../../../../shared/api/shop";
import { apiRequest } from "../../../lib/api-client";
import type { SavedOrder } from "../cart/saved-order";

/** Starts the payment of the saved order (decision R9); the server prices it from the product keys. */
export async function createCheckoutSession(order: SavedOrder): Promise<Partial<CheckoutSessionAnswer>> {
  const res = await apiRequest("POST", "/api/create-checkout-session", order);
  // The spec's "No checkout URL received" is for an answer without one: read it leniently.
  return checkoutSessionAnswerSchema.partial().parse(await res.json());
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
