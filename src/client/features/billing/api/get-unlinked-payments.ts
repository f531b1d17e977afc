import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type Transaction, transactionSchema } from "../../../../shared/api/transactions";
import { getJson } from "../../../lib/api-client";

export const unlinkedPaymentsQueryKey = ["/api/admin/transactions/unlinked"] as const;

/** Payment events that named no known customer, newest first: the admin links each to its customer. */
export async function getUnlinkedPayments(): Promise<Transaction[]> {
  return z
    .array(transactionSchema)
    .parse(await getJson("/api/admin/transactions/unlinked", { on401: "throw" }));
}

export const unlinkedPaymentsQueryOptions = queryOptions({
  queryKey: unlinkedPaymentsQueryKey,
  queryFn: getUnlinkedPayments,
});

export function useUnlinkedPayments() {
  return useQuery(unlinkedPaymentsQueryOptions);
}
