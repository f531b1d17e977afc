import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
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

/** What the server narrows the list to: one event type, part of a product's name ("" for any). */
export interface TransactionListFilters {
  eventType: string;
  q: string;
}

export const transactionsQueryKey = (uid: string, filters: TransactionListFilters) =>
  ["/api/transactions", uid, filters] as const;

/** The URL of one page of the customer's billing history, newest first (decision 043). */
export function transactionsPageUrl(
  uid: string,
  filters: TransactionListFilters,
  cursor: string | null,
): string {
  const params = new URLSearchParams({ uid });
  if (filters.eventType) params.set("eventType", filters.eventType);
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  return `/api/transactions?${params}`;
}

/** One page of the customer's billing history; each page's URL is revalidated with its own ETag. */
export async function getTransactionsPage(
  uid: string,
  filters: TransactionListFilters,
  cursor: string | null,
): Promise<TransactionList> {
  const body = await getJsonRevalidated(transactionsPageUrl(uid, filters, cursor), { on401: "throw" });
  return transactionListSchema.parse(body);
}

export function transactionsQueryOptions(uid: string, filters: TransactionListFilters) {
  return infiniteQueryOptions({
    queryKey: transactionsQueryKey(uid, filters),
    queryFn: ({ pageParam }) => getTransactionsPage(uid, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: TRANSACTIONS_FRESH_MS,
    retry: retryTransactions,
    // While another search is asked for, the list shown stays instead of blinking to placeholders.
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(uid: string, filters: TransactionListFilters) {
  return useInfiniteQuery(transactionsQueryOptions(uid, filters));
}
