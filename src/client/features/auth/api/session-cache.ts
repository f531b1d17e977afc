/**
 * What signing in and out does to the cache. Kept apart from the session query itself, which is in
 * the first-load bundle, because only the (lazily loaded) sign-in screens need it.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../shared/api/user";
import { noteSignIn } from "../../../lib/return-path";
import { forgetRevalidatedBodies } from "../../../lib/revalidated-get";
import { currentUserQueryKey } from "../../../lib/session";

/** Drops everything cached for whoever was signed in, keeping the session itself and the public configuration. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] && query.queryKey[0] !== "/api/config",
  });
  forgetRevalidatedBodies();
}

/**
 * Records a user who has just signed in (by password, registration or a confirmed claim link): the
 * cache holds them at once so the signed-in screens render, whatever was cached for a previous user
 * is dropped, and the session is read back from the server `refetchAfterMs` later.
 */
export function setSignedInUser(queryClient: QueryClient, user: CurrentUser, refetchAfterMs = 0): void {
  forgetUserData(queryClient);
  noteSignIn();
  queryClient.setQueryData(currentUserQueryKey, user);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  if (refetchAfterMs > 0) setTimeout(refetch, refetchAfterMs);
  else refetch();
}
