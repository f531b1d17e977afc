/** Who may see which accounts (decision D6): a customer their own, an admin anyone's. */
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { forbidden } from "../../plugins/http-error";
import { findUserIdByUid } from "./accounts-queries";

export function mayUseAccountOf(me: UserRow, ownerUserId: number): boolean {
  return me.id === ownerUserId || me.role === "admin";
}

/**
 * The user id behind a uid from a URL, which is checked, never trusted: another customer's uid is
 * refused with 403 whether it exists or not. Undefined when an admin names a uid no one has.
 */
export async function ownerIdOfUid(db: Database, me: UserRow, uid: string): Promise<number | undefined> {
  if (uid === me.uid) return me.id;
  if (me.role !== "admin") throw forbidden("You can only view your own accounts");
  return findUserIdByUid(db, uid);
}
