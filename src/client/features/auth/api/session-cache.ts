/**
 * What signing in does to the session and the caches. Kept apart from the session store itself,
 * which is in the first-load bundle, because only the (lazily loaded) sign-in screens need it.
 */
import type { CurrentUser } from "../../../../shared/api/user";
import { noteSignIn } from "../../../lib/return-path";
import { forgetUserData, refreshSession, setSessionUser } from "../../../lib/session";

/**
 * Records a user who has just signed in (by password, registration or a confirmed claim link): the
 * store holds them at once so the signed-in screens render, whatever was cached for a previous user
 * is dropped, and the session is read back from the server `refetchAfterMs` later.
 */
export function setSignedInUser(user: CurrentUser, refetchAfterMs = 0): void {
  forgetUserData();
  noteSignIn();
  setSessionUser(user);
  const refetch = () => void refreshSession();
  if (refetchAfterMs > 0) setTimeout(refetch, refetchAfterMs);
  else refetch();
}

/** The session ended here (signed out, password reset, login closed): nothing of the user stays. */
export function setSignedOut(): void {
  setSessionUser(null);
  forgetUserData();
}
