import { and, isNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/database";
import { violatedUniqueConstraint } from "../../platform/db/errors";
import { type UserRow, users } from "../../platform/db/schema";

/**
 * The user who signs in with this email, without regard to case. A closed login is no one's (decision
 * 034): whatever asks by email (sign-in, Google, a reset or claim link) meets it as an unknown address.
 */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.closedAt)))
    .limit(1);
  return user;
}

/** Whether any login, closed or not, has this username, without regard to case. */
export async function usernameTaken(db: Database, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** Which unique constraint a failed insert or update hit, if any. */
export function uniqueViolation(err: unknown): "email" | "username" | "other" | undefined {
  const constraint = violatedUniqueConstraint(err);
  if (constraint === undefined) return undefined;
  if (constraint.includes("email")) return "email";
  if (constraint.includes("username")) return "username";
  return "other";
}
