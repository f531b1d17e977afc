/**
 * Who is signed in, as `GET /api/session` last said: a small store of its own rather than a TanStack
 * Query entry, so that the sign-in page, which every visitor downloads first, goes without the query
 * library (decision 077). The signed-in screens load TanStack Query with their own chunks; what they
 * cache for a user is dropped through `forgetUserData` whenever that user changes.
 */
import { useSyncExternalStore } from "react";
import type { CurrentUser } from "../../shared/api/user";
import { getJson } from "./api-client";
import { type FieldKind, readRecord } from "./read-answer";
import { forgetRevalidatedBodies } from "./revalidated-get";

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

export interface SessionState {
  /** `pending` until the first answer (or failure); a later check keeps the last answer meanwhile. */
  status: "pending" | "success" | "error";
  user: CurrentUser | null;
  /**
   * The answer's `viewing` part, kept unread: the signed-in layout's banner reads it (decision 036),
   * so that checking it costs the first load nothing. Anything but null means a read-only view.
   */
  viewing: unknown;
}

const PENDING: SessionState = { status: "pending", user: null, viewing: null };
let state: SessionState = PENDING;
const listeners = new Set<() => void>();
// Each check and each change is numbered: an answer that arrives after a newer check started, or
// after the user was changed here (signed in, signed out), is stale and dropped.
let generation = 0;
let inFlight: Promise<CurrentUser | null> | undefined;
// Counts resets: whoever waited for an answer before one waits in vain (resetSession).
let epoch = 0;

function publish(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as last known, without asking the server. */
export function sessionState(): SessionState {
  return state;
}

/**
 * Asks the server who is signed in, superseding any check still under way (after a sign-in, a
 * sign-out, a confirmed link). Settles with the user once the answer is in; a failed check keeps
 * the user known before it (none, if there was none) and settles with that.
 */
export function refreshSession(): Promise<CurrentUser | null> {
  const mine = ++generation;
  const check = (async () => {
    try {
      // GET /api/session answers 200 with `user: null` when signed out, where /api/user answers 401
      // and the browser would log a failed request on every signed-out visit.
      const body = await getJson("/api/session", { on401: "returnNull" });
      const user = body === null ? null : readSessionAnswer(body);
      const viewing = (body as { viewing?: unknown } | null)?.viewing ?? null;
      if (mine === generation) publish({ status: "success", user, viewing });
    } catch {
      if (mine === generation) publish({ ...state, status: "error" });
    } finally {
      if (mine === generation) inFlight = undefined;
    }
    return state.user;
  })();
  inFlight = check;
  return check;
}

/** Checks the session unless a check is already under way (the app's start, window focus). */
export function checkSession(): Promise<CurrentUser | null> {
  return inFlight ?? refreshSession();
}

/**
 * Checks the session unless it has been answered or is being checked: the app's keeper, which
 * main.tsx's check at start has usually beaten to it (a second request would ask the same again).
 */
export function checkSessionUnlessAnswered(): void {
  if (state.status === "pending") void checkSession();
}

/** The session's user once the server has answered (null when signed out, or when the check failed). */
export function whenSessionAnswered(): Promise<CurrentUser | null> {
  if (state.status !== "pending") return Promise.resolve(state.user);
  const waiting = epoch;
  return new Promise((resolve) => {
    const unsubscribe = subscribe(() => {
      if (waiting !== epoch) unsubscribe();
      else if (state.status !== "pending") {
        unsubscribe();
        resolve(state.user);
      }
    });
  });
}

/**
 * Records the user as an answer of the portal's own named them (a profile saved, a sign-in), or
 * null when the session ended; a check still under way is dropped, as it may predate the change.
 */
export function setSessionUser(user: CurrentUser | null): void {
  generation++;
  inFlight = undefined;
  publish({ status: "success", user, viewing: user === null ? null : state.viewing });
}

/** Changes the known user in place (a saved profile, a chosen language); nothing, signed out. */
export function updateSessionUser(change: (user: CurrentUser) => CurrentUser): void {
  if (state.user) setSessionUser(change(state.user));
}

const forgetters = new Set<() => void>();

/** What else keeps data of whoever is signed in (the query cache) says here how to drop it. */
export function onForgetUserData(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

/** Drops everything cached for whoever was signed in; the session itself is the caller's to change. */
export function forgetUserData(): void {
  for (const forget of forgetters) forget();
  forgetRevalidatedBodies();
}

/**
 * Back to "not yet asked", with no check under way: for tests, each of which starts afresh.
 * @internal
 */
export function resetSession(): void {
  epoch++;
  generation++;
  inFlight = undefined;
  publish(PENDING);
}

/** The session as the store holds it; reading it starts no request of its own. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, sessionState, sessionState);
}

/** The signed-in user for route guards and the shell, and whether the server has answered yet. */
export function useSessionUser(): { user: CurrentUser | null; isPending: boolean } {
  const { user, status } = useSession();
  return { user, isPending: status === "pending" };
}

/** Whether the session views the portal as a customer, read only (decision 036). */
export function useViewing(): boolean {
  const { viewing } = useSession();
  return typeof viewing === "object" && viewing !== null;
}

/**
 * Spec section 4: unlike other data, the session is checked again whenever the window comes back
 * into view or the network back online, so a session that ended elsewhere is noticed; a failure is
 * not retried. Started once, by the app's top-level keeper; returns how to stop.
 */
export function keepSessionFresh(): () => void {
  const onVisible = () => {
    if (document.visibilityState !== "hidden") void refreshSession();
  };
  const onOnline = () => void refreshSession();
  window.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", onOnline);
  return () => {
    window.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("online", onOnline);
  };
}
