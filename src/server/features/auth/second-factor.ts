/**
 * Whether an account has a second factor: an authenticator app turned on, or a passkey. Adding a way
 * in to such an account needs a proof that includes it (`requireFreshProof` with `secondFactor`), so
 * a stolen password with a stolen session is not enough to add one.
 */
import { count, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/database";
import { passkeys } from "../../platform/db/schema";
import { hasEnabledApp } from "./two-factor";

export async function hasPasskey(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (row?.n ?? 0) > 0;
}

export async function hasSecondFactor(db: Database, userId: number): Promise<boolean> {
  return (await hasEnabledApp(db, userId)) || (await hasPasskey(db, userId));
}
