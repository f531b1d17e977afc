/**
 * Whose data a request may touch (decision D6): a customer their own, an admin anyone's. A uid in a
 * URL is checked, never trusted.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { type UserRow, users } from "../db/schema";
import type { ServerMessage } from "../i18n/message";
import { forbidden } from "./errors";

export function mayActFor(me: UserRow, ownerUserId: number): boolean {
  return me.id === ownerUserId || me.role === "admin";
}

/** The id of the user with this uid, if any. */
export async function userIdOfUid(db: Database, uid: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.uid, uid)).limit(1);
  return row?.id;
}

/**
 * The user id behind a uid from a URL: the caller's own, or for an admin anyone's (undefined when no
 * one has it). Another customer's uid is refused with 403 `refusal`, whether it exists or not.
 */
export async function ownerIdOfUid(
  db: Database,
  me: UserRow,
  uid: string,
  refusal: ServerMessage,
): Promise<number | undefined> {
  if (uid === me.uid) return me.id;
  if (me.role !== "admin") throw forbidden(refusal);
  return userIdOfUid(db, uid);
}
