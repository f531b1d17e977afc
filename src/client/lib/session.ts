import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../shared/api/user";
import { getJson } from "./api-client";
import { type FieldKind, readRecord } from "./read-answer";

export const currentUserQueryKey = ["/api/user"] as const;

const USER_FIELDS = {
  id: "int",
  uid: "string",
  name: "string",
  email: "string",
  username: "string?",
  role: ["customer", "admin"],
  createdAt: "string",
  onboardingUrl: "string?",
  optimizationUrl: "string?",
  emailVerified: "boolean",
  googleLinked: "boolean",
  hasPassword: "boolean",
  profileImageUrl: "string?",
  language: "string?",
} as const satisfies Record<keyof CurrentUser, FieldKind>;

/**
 * The user of a `GET /api/session` answer, checked by hand against `currentUserSchema`'s shape: the
 * schema would bring zod into the first load, which every visitor downloads before anything shows.
 */
export function readSessionAnswer(body: unknown): CurrentUser | null {
  const user = typeof body === "object" && body !== null ? (body as { user?: unknown }).user : undefined;
  if (user === null) return null;
  return readRecord<CurrentUser>(user, USER_FIELDS, "session answer");
}

/**
 * Where the session's `viewing` part is kept as the server sent it, unread: the signed-in layout's
 * banner reads it (decision 036), so that checking it costs the first load nothing.
 */
export const viewingQueryKey = ["/api/session", "viewing"] as const;

/** The signed-in user, or null when the session is anonymous; `viewing` goes to the cache beside it. */
async function getCurrentUser(client: QueryClient): Promise<CurrentUser | null> {
  // GET /api/session answers 200 with `user: null` when signed out, where /api/user answers 401 and
  // the browser would log a failed request on every signed-out visit.
  const body = await getJson("/api/session", { on401: "returnNull" });
  client.setQueryData(viewingQueryKey, (body as { viewing?: unknown } | null)?.viewing ?? null);
  return body === null ? null : readSessionAnswer(body);
}

// Spec section 4: unlike other queries, the session is checked again on every mount and whenever the
// window regains focus, so a session that ended elsewhere is noticed; a failure is not retried.
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ client }) => getCurrentUser(client),
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
