import { queryOptions, useQuery } from "@tanstack/react-query";
import { type SubscriptionList, subscriptionListSchema } from "../../../../shared/api/subscriptions";
import { getJsonRevalidated } from "../../../lib/revalidated-get";
import { retryTransactions, TRANSACTIONS_FRESH_MS } from "./get-transactions";

export const subscriptionsQueryKey = ["/api/subscriptions"] as const;

/** The customer's plans that have not ended, and whether Manage billing has an account to open. */
export async function getSubscriptions(): Promise<SubscriptionList> {
  return subscriptionListSchema.parse(await getJsonRevalidated("/api/subscriptions", { on401: "throw" }));
}

export function useSubscriptions() {
  return useQuery(
    queryOptions({
      queryKey: subscriptionsQueryKey,
      queryFn: getSubscriptions,
      // Fresh and retried as the billing history is (spec sections 7 and 9).
      staleTime: TRANSACTIONS_FRESH_MS,
      retry: retryTransactions,
    }),
  );
}
