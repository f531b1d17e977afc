/**
 * Single-use, short-lived tokens mailed as links: claiming an imported record, resetting a password,
 * confirming a new email address, verifying a new customer's address, and the "This wasn't me" of a
 * new-sign-in mail.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../platform/db/database";
import { emailTokens } from "../../platform/db/schema";
import { hashSecretToken, newSecretToken } from "../../platform/secrets/secret-token";

export const EMAIL_TOKEN_TTL_MS = 30 * 60_000;
/**
 * "This wasn't me" works for a week (decision 072): the owner may read the mail days later, and the
 * link can only end the session it names and mail a reset link, which keeps its own 30 minutes.
 */
export const SIGN_IN_DISOWN_TTL_MS = 7 * 24 * 60 * 60_000;
export type EmailTokenPurpose = "claim" | "reset" | "email-change" | "verify-email" | "sign-in-disowned";
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** What a token carries beside its user: see the `emailTokens` table. */
export interface EmailTokenPayload {
  pendingPasswordHash?: string;
  browserBindingHash?: string;
  newEmail?: string;
  sessionId?: number;
}

const ttlOf = (purpose: EmailTokenPurpose) =>
  purpose === "sign-in-disowned" ? SIGN_IN_DISOWN_TTL_MS : EMAIL_TOKEN_TTL_MS;

export async function issueEmailToken(
  db: Database,
  purpose: EmailTokenPurpose,
  userId: number,
  payload: EmailTokenPayload = {},
  now = new Date(),
): Promise<string> {
  const token = newSecretToken();
  await db.insert(emailTokens).values({
    purpose,
    userId,
    tokenHash: hashSecretToken(token),
    pendingPasswordHash: payload.pendingPasswordHash ?? null,
    browserBindingHash: payload.browserBindingHash ?? null,
    newEmail: payload.newEmail ?? null,
    sessionId: payload.sessionId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlOf(purpose)),
  });
  return token;
}

const usable = (purpose: EmailTokenPurpose, token: string, now: Date) =>
  and(
    eq(emailTokens.tokenHash, hashSecretToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

/** The token if it could be used now, without using it. */
export async function findUsableEmailToken(
  db: Database,
  purpose: EmailTokenPurpose,
  token: string,
  now = new Date(),
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(usable(purpose, token, now))
    .limit(1);
  return row ?? null;
}

/**
 * Marks a token used and returns it, or null when it is unknown, used or expired. One statement, so
 * two requests racing with the same link cannot both succeed.
 */
export async function consumeEmailToken(
  db: Database,
  purpose: EmailTokenPurpose,
  token: string,
  now = new Date(),
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(usable(purpose, token, now))
    .returning();
  return row ?? null;
}

/** Retires a user's unused tokens of one purpose: a newer request supersedes them. */
export async function retireEmailTokens(
  db: Database,
  purpose: EmailTokenPurpose,
  userId: number,
  now = new Date(),
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
