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

/** The sign-in screen's address for a visitor who asked for `location`; the dashboard needs no `next`. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
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
