/**
 * A proof of an address outranks an unproven claim to it (decision 017, R15). Anyone can register
 * someone else's email with a password of their own; when the address's owner later proves it (Google
 * vouches for it, or they follow a claim or reset link mailed to it), whatever the registrant set up
 * must stop working before the owner is let in, or the registrant keeps a door into an account that
 * the next sync fills with the owner's LinkedIn credentials.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../platform/db/database";
import {
  emailTokens,
  oidcFlows,
  passkeys,
  pendingSignIns,
  recoveryCodes,
  sessions,
  twoFactorApps,
  type UserRow,
  users,
  webauthnChallenges,
} from "../../platform/db/schema";
import { recordIdentityEvent } from "../audit";

export type AddressProof = "google" | "claim-link" | "reset-link";

/**
 * Ends the user's sessions and removes every second factor and passkey, with the half-finished
 * sign-ins and passkey ceremonies that could still complete. What ended, for the audit's entry.
 */
export async function endSessionsAndFactors(
  db: Database,
  userId: number,
): Promise<{ sessions: number; passkeys: number; authenticatorApp: boolean }> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  const apps = await db.delete(twoFactorApps).where(eq(twoFactorApps.userId, userId)).returning();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const keys = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  return {
    sessions: ended.length,
    passkeys: keys.length,
    authenticatorApp: apps.some((app) => app.enabledAt !== null),
  };
}

/**
 * Ends every way into `user` that did not come from a proof of its address: the password, every
 * session, the Google link, any authenticator app, recovery codes and passkeys, and every link,
 * Google flow, passkey ceremony or half-finished sign-in still pending. Does nothing for an account
 * whose email is already verified: its access was set up by someone who proved the address. Call it
 * in the transaction that records the proof, before the proven person is signed in. Returns the user
 * as it now stands.
 */
export async function endUnprovenAccess(
  db: Database,
  user: UserRow,
  proof: { by: AddressProof; ip: string },
): Promise<UserRow> {
  if (user.emailVerifiedAt) return user;
  const now = new Date();
  const [cleared] = await db
    .update(users)
    .set({ passwordHash: null, googleId: null, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
    .returning();
  // Verified meanwhile by another proof: that one has already ended the unproven access.
  if (!cleared) return user;
  const retired = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, user.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  await db.delete(oidcFlows).where(and(eq(oidcFlows.linkUserId, user.id), isNull(oidcFlows.usedAt)));
  // A second factor or passkey the registrant enrolled is theirs, not the address's owner's.
  const ended = await endSessionsAndFactors(db, user.id);

  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  const what = [
    user.passwordHash ? "password" : null,
    ended.sessions > 0 ? plural(ended.sessions, "session") : null,
    user.googleId ? "Google link" : null,
    retired.length > 0 ? plural(retired.length, "pending link") : null,
    ended.authenticatorApp ? "authenticator app" : null,
    ended.passkeys > 0 ? plural(ended.passkeys, "passkey") : null,
  ].filter(Boolean);
  // An imported customer's first claim ends nothing: only what did end is worth an entry.
  if (what.length > 0) {
    await recordIdentityEvent(db, {
      userId: user.id,
      kind: "unproven-access-ended",
      detail: `${proof.by}: ${what.join(", ")}`,
      ipAddress: proof.ip,
    });
  }
  return cleared;
}

/** The user's row, locked for the rest of the transaction so that two proofs cannot interleave. */
export async function lockUser(db: Database, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for("update");
  return row;
}
