import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";
import { onForgetUserData } from "./session";

/**
 * Spec section 7: no retry, data never goes stale, no refocus refetch or polling, unless a query
 * says otherwise. The session is not among its queries: lib/session.ts keeps it (decision 077).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
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
  // Whenever the signed-in user changes, nothing cached for the one before may be shown; the public
  // configuration is the same for everyone.
  onForgetUserData(() => client.removeQueries({ predicate: (query) => query.queryKey[0] !== "/api/config" }));
  return client;
}

/**
 * The app's one client. Only the screens that use TanStack Query import it (through
 * app/providers/query-provider.tsx), so the sign-in page's first load goes without it.
 */
export const queryClient = createQueryClient();
