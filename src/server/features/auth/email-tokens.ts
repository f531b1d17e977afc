/** Single-use, short-lived tokens mailed as links (claiming an imported record, resetting a password). */
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailTokens } from "../../db/schema";
import { hashSecretToken, newSecretToken } from "../../plugins/secret-token";

export const EMAIL_TOKEN_TTL_MS = 30 * 60_000;
export type EmailTokenPurpose = "claim" | "reset";

export async function issueEmailToken(
  db: Database,
  purpose: EmailTokenPurpose,
  userId: number,
  pendingPasswordHash: string | null = null,
  now = new Date(),
): Promise<string> {
  const token = newSecretToken();
  await db.insert(emailTokens).values({
    purpose,
    userId,
    tokenHash: hashSecretToken(token),
    pendingPasswordHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
  });
  return token;
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
): Promise<typeof emailTokens.$inferSelect | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashSecretToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
