import { queryOptions, useQuery } from "@tanstack/react-query";
import { type TransactionList, transactionListSchema } from "../../../../shared/api/transactions";
import { ApiError } from "../../../lib/api-client";
import { getJsonRevalidated } from "../../../lib/revalidated-get";

// Spec sections 7 and 9: the list is fresh for 30 seconds and a failed load is tried once more.
export const TRANSACTIONS_FRESH_MS = 30_000;
export const TRANSACTIONS_RETRIES = 1;

// Answers that a second try would only repeat: signed out, not yours, not there.
const FINAL_STATUSES = new Set([401, 403, 404]);

/** Whether to try a failed load again: once, unless the server's answer was final. */
export function retryTransactions(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && FINAL_STATUSES.has(error.status)) return false;
  return failureCount < TRANSACTIONS_RETRIES;
}

export const transactionsQueryKey = (uid: string) => ["/api/transactions", uid] as const;

/** The customer's billing history, newest first, at most `limit` of `total` rows (decision R12). */
export async function getTransactions(uid: string): Promise<TransactionList> {
  const body = await getJsonRevalidated(`/api/transactions?uid=${encodeURIComponent(uid)}`, {
    on401: "throw",
  });
  return transactionListSchema.parse(body);
}

export function transactionsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: transactionsQueryKey(uid),
    queryFn: () => getTransactions(uid),
    staleTime: TRANSACTIONS_FRESH_MS,
    retry: retryTransactions,
  });
}

export function useTransactions(uid: string) {
  return useQuery(transactionsQueryOptions(uid));
}
