import { useMutation } from "@tanstack/react-query";
import { billingPortalAnswerSchema } from "../../../../shared/api/transactions";
import { apiRequest } from "../../../lib/api-client";

/**
 * Where the customer manages their subscriptions and cards: Stripe's billing portal (or, with the
 * local test provider, the portal's own stand-in). A customer who never paid through Stripe gets a
 * 404 with an `error` text.
 */
export async function openBillingPortal(): Promise<string> {
  const res = await apiRequest("POST", "/api/billing/portal", {});
  return billingPortalAnswerSchema.parse(await res.json()).url;
}

export function useOpenBillingPortal(callbacks: {
  onSuccess: (url: string) => void;
  onError: (error: Error) => void;
}) {
  return useMutation({ mutationFn: openBillingPortal, ...callbacks });
}
