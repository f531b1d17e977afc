import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { violatedUniqueConstraint } from "../../db/errors";
import { type UserRow, users } from "../../db/schema";

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

/** Which unique constraint a failed insert or update hit, if any. */
export function uniqueViolation(err: unknown): "email" | "username" | "other" | undefined {
  const constraint = violatedUniqueConstraint(err);
  if (constraint === undefined) return undefined;
  if (constraint.includes("email")) return "email";
  if (constraint.includes("username")) return "username";
  return "other";
}
