/** Writes users and sessions straight into the database, for tests that are not about signing in. */
import type { Config } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { type UserRow, users } from "../../src/server/db/schema";
import { createSession } from "../../src/server/plugins/session-store";

let counter = 0;

export async function insertUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${counter}-${Date.now()}@example.test`,
      name: `Test User ${counter}`,
      username: `user${counter}_${Date.now()}`,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return user;
}

/** A user with a live session; `cookie` is the header value that signs a request in as them. */
export async function signedInUser(
  db: Database,
  config: Config,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<{ user: UserRow; token: string; cookie: string }> {
  const user = await insertUser(db, overrides);
  const { token } = await createSession(db, config.session, user.id);
  return { user, token, cookie: `${config.session.cookieName}=${token}` };
}
