/**
 * REQUIRE_ADMIN_2FA: an admin who has neither an authenticator app nor a passkey is sent to set one
 * up before any admin page or API answers, as an admin's password alone guards every customer's data.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Language } from "../../../shared/i18n/languages";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { passkeys, twoFactorApps, type UserRow, users } from "../db/schema";
import { sayIn } from "../i18n/message";
import { ADMIN_SECOND_FACTOR } from "../i18n/shared-texts";

/** Whether the user has an enabled authenticator app or a passkey, in one query. */
export async function hasSecondFactor(db: Database, userId: number): Promise<boolean> {
  const app = db
    .select({ one: sql`1` })
    .from(twoFactorApps)
    .where(and(eq(twoFactorApps.userId, userId), isNotNull(twoFactorApps.enabledAt)));
  const key = db.select({ one: sql`1` }).from(passkeys).where(eq(passkeys.userId, userId));
  const [row] = await db
    .select({ has: sql<boolean>`(exists ${app} or exists ${key})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.has === true;
}

/** An admin who must set up a second factor before the admin pages answer them. */
export async function adminMustEnrol(db: Database, config: Config, user: UserRow): Promise<boolean> {
  if (!config.requireAdminSecondFactor || user.role !== "admin") return false;
  return !(await hasSecondFactor(db, user.id));
}

/**
 * The 403 body in a language, serialised here: the admin routes' own error schemas would drop the
 * flag.
 */
export function adminSecondFactorBody(language: Language): string {
  return JSON.stringify({ error: sayIn(language, ADMIN_SECOND_FACTOR), enrolSecondFactor: true });
}
