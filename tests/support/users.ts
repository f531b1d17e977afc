/** Writes users and sessions straight into the database, for tests that are not about signing in. */

import { hashPassword } from "../../src/server/features/auth/password";
import type { Config } from "../../src/server/platform/config";
import type { Database } from "../../src/server/platform/db/database";
import { type UserRow, users } from "../../src/server/platform/db/schema";
import { createSession } from "../../src/server/platform/http/session-store";

/** Columns of the user row, and a `password` whose argon2id hash it stores, as registration would. */
export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

export interface SignedInUser {
  user: UserRow;
  token: string;
  /** The Cookie header value that signs a request in as the user. */
  cookie: string;
}

let counter = 0;

export async function insertUser(
  db: Database,
  { password, ...overrides }: UserOverrides = {},
): Promise<UserRow> {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${counter}-${Date.now()}@example.test`,
      name: `Test User ${counter}`,
      username: `user${counter}_${Date.now()}`,
      ...(password === undefined ? {} : { passwordHash: await hashPassword(password) }),
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return user;
}

/** A user with a live session. */
export async function signedInUser(
  db: Database,
  config: Config,
  overrides: UserOverrides = {},
): Promise<SignedInUser> {
  const user = await insertUser(db, overrides);
  const { token } = await createSession(db, config.session, user.id);
  return { user, token, cookie: `${config.session.cookieName}=${token}` };
}

/** Two customers and an admin, each signed in: who may see whose data. */
export async function signedInCast(
  db: Database,
  config: Config,
): Promise<{ alice: SignedInUser; bob: SignedInUser; admin: SignedInUser }> {
  return {
    alice: await signedInUser(db, config),
    bob: await signedInUser(db, config),
    admin: await signedInUser(db, config, { role: "admin" }),
  };
}
