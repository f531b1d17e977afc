import { forgetUserData, refreshSession } from "../../../lib/session";

/**
 * Starting or stopping viewing as a customer changes whom every answer is about: nothing cached for
 * the one before may be shown, and the session (the banner, the user) is read again before the next
 * screen renders (decision 036).
 */
export async function switchViewedUser(): Promise<void> {
  forgetUserData();
  await refreshSession();
}
