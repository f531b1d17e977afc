import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../shared/api/user";
import { getJson } from "./api-client";

export const currentUserQueryKey = ["/api/user"] as const;

const USER_FIELDS = {
  id: "number",
  uid: "string",
  name: "string",
  email: "string",
  username: "string?",
  role: "role",
  createdAt: "string",
  onboardingUrl: "string?",
  optimizationUrl: "string?",
  emailVerified: "boolean",
  googleLinked: "boolean",
  hasPassword: "boolean",
  profileImageUrl: "string?",
} as const satisfies Record<keyof CurrentUser, "number" | "string" | "string?" | "boolean" | "role">;

function fieldOk(kind: (typeof USER_FIELDS)[keyof CurrentUser], value: unknown): boolean {
  switch (kind) {
    case "number":
      return Number.isInteger(value);
    case "string?":
      return value === null || typeof value === "string";
    case "role":
      return value === "customer" || value === "admin";
    default:
      return typeof value === kind;
  }
}

/**
 * The user of a `GET /api/session` answer, checked by hand against `currentUserSchema`'s shape: the
 * schema would bring zod into the first load, which every visitor downloads before anything shows.
 * Unknown fields are dropped, as the schema drops them.
 */
export function readSessionAnswer(body: unknown): CurrentUser | null {
  const user = typeof body === "object" && body !== null ? (body as { user?: unknown }).user : undefined;
  if (user === null) return null;
  if (typeof user !== "object") throw new Error("Unexpected session answer");
  const record = user as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(USER_FIELDS)) {
    if (!fieldOk(kind, record[key])) throw new Error(`Unexpected session answer: ${key}`);
    read[key] = record[key];
  }
  return read as CurrentUser;
}

/** The signed-in user, or null when the session is anonymous. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  // GET /api/session answers 200 with `user: null` when signed out, where /api/user answers 401 and
  // the browser would log a failed request on every signed-out visit.
  const body = await getJson("/api/session", { on401: "returnNull" });
  return body === null ? null : readSessionAnswer(body);
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
