import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type CustomerList, customerListSchema } from "../../../../shared/api/admin-customers";
import { getJson } from "../../../lib/api-client";

/** The list's search and filters as the URL and the API name them; absent means any. */
export interface CustomerListFilters {
  q: string;
  login: "" | "yes" | "no";
  google: "" | "yes" | "no";
  twoFactor: "" | "yes" | "no";
  unlinked: "" | "yes" | "no";
  failedPayments: "" | "yes" | "no";
}

export const customersQueryKey = (filters: CustomerListFilters) => ["/api/admin/customers", filters] as const;

/** One page of customers matching the filters, from the cursor of the page before. */
export async function getCustomers(
  filters: CustomerListFilters,
  cursor: string | null,
): Promise<CustomerList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = value.trim();
    if (text) params.set(key, text);
  }
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return customerListSchema.parse(
    await getJson(`/api/admin/customers${query ? `?${query}` : ""}`, { on401: "throw" }),
  );
}

export function useCustomers(filters: CustomerListFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: customersQueryKey(filters),
      queryFn: ({ pageParam }) => getCustomers(filters, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      // While a new search is asked for, the list shown stays instead of blinking to a spinner.
      placeholderData: keepPreviousData,
    }),
  );
}
