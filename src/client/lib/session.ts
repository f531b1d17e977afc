import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../shared/api/user";
import { getJson } from "./api-client";

export const currentUserQueryKey = ["/api/user"] as const;

/** The signed-in user, or null when the session is anonymous. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  // The schema (and zod with it) loads alongside the request instead of in the first-load bundle,
  // which every visitor, signed in or not, downloads before anything shows.
  const schemaModule = import("../../shared/api/user");
  // GET /api/session answers 200 with `user: null` when signed out, where /api/user answers 401 and
  // the browser would log a failed request on every signed-out visit.
  const body = await getJson("/api/session", { on401: "returnNull" });
  const { sessionSchema } = await schemaModule;
  return body === null ? null : sessionSchema.parse(body).user;
}

// Spec section 4: unlike other queries, the session is checked again on every mount and whenever the
// window regains focus, so a session that ended elsewhere is noticed; a failure is not retried.
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getCurrentUser,
  staleTime: 0,
  refetchOnMount: true,
  refetchOnWindowFocus: true,
  retry: false,
});

/**
 * Observes the session with the spec's refresh rules. Mounted once, at the top of the app, so the
 * request starts with the first render and window focus re-checks it on every screen.
 */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions);
  return { ...query, user: query.data ?? null };
}

/**
 * The session as the cache holds it, for route guards and the shell: reading it starts no request
 * of its own, because the one observer of `useCurrentUser` keeps it fresh.
 */
export function useSessionUser(): { user: CurrentUser | null; isPending: boolean } {
  const { data, isPending } = useQuery({
    ...currentUserQueryOptions,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });
  return { user: data ?? null, isPending };
}
