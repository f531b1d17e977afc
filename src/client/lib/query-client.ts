import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";

/**
 * Spec section 7: no retry, data never goes stale, no refocus refetch or polling, unless a query
 * says otherwise (the user query does).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
