/**
 * The return path in the browser: read from the address of a sign-in screen, and written into the
 * address of /login when a signed-out visitor opens a signed-in page (decision 031).
 */
import { useMemo } from "react";
import { useLocation } from "react-router";
import {
  DEFAULT_RETURN_PATH,
  RETURN_PATH_PARAM,
  safeReturnPath,
  withReturnPath,
} from "../../shared/return-path";

/** The honoured return path of a query string (`?next=...`), or null. */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PATH_PARAM));
}

// Whether the session ended by a sign-out in this page. The cache loses the user before the
// sign-out's own move to /login lands, so the signed-in area sees a signed-out visitor first.
let signedOutHere = false;

/**
 * Called by a sign-out: the move to /login that follows carries no return path, so whoever signs in
 * next at this browser starts on the dashboard rather than on the page the last person left.
 */
export function noteSignOut(): void {
  signedOutHere = true;
}

/** Called by a sign-in: a session that ends from now on (expired, or ended elsewhere) keeps the page again. */
export function noteSignIn(): void {
  signedOutHere = false;
}

/**
 * The sign-in screen's address for a visitor who asked for `location`: with it as the return path,
 * but none for the dashboard (where a sign-in ends anyway) or after a sign-out here.
 */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  if (signedOutHere) return "/login";
  const asked = safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
  return withReturnPath("/login", asked === DEFAULT_RETURN_PATH ? null : asked);
}

/** The return path this screen was opened with, or null. */
export function useReturnPath(): string | null {
  const { search } = useLocation();
  return useMemo(() => returnPathFrom(search), [search]);
}

/** Where a sign-in on this screen ends: the return path, else the dashboard. */
export function useSignInDestination(): string {
  return useReturnPath() ?? DEFAULT_RETURN_PATH;
}
