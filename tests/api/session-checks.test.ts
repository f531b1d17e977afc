/**
 * Every request reads its session from the database: whatever ends a session, closes its login or
 * changes its user, and wherever it happens (this instance, another one on the same database, an
 * operator's own tool), the next request sees it.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/platform/db/client";
import { sessions, users } from "../../src/server/platform/db/schema";
import { hashSecretToken } from "../../src/server/platform/secrets/secret-token";
import { createTestApp, sameOrigin, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { signedInUser } from "../support/users";

const me = (t: TestApp, cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
const statusOf = async (t: TestApp, cookie: string) => (await me(t, cookie)).statusCode;

describe("session checks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("ends a session for the next request however it is ended", async () => {
    const { cookie, user } = await signedInUser(t.database.db, t.config);
    expect(await statusOf(t, cookie)).toBe(200);
    expect(await statusOf(t, cookie)).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await statusOf(t, cookie)).toBe(401);

    const again = await signedInUser(t.database.db, t.config);
    expect(await statusOf(t, again.cookie)).toBe(200);
    await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, again.user.id));
    expect(await statusOf(t, again.cookie)).toBe(401);

    const third = await signedInUser(t.database.db, t.config);
    expect(await statusOf(t, third.cookie)).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      payload: {},
      headers: { cookie: third.cookie, ...sameOrigin },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await statusOf(t, third.cookie)).toBe(401);
  });

  it("shows a changed name at once", async () => {
    const { cookie, user } = await signedInUser(t.database.db, t.config);
    expect((await me(t, cookie)).json().name).toBe(user.name);
    await t.database.db.update(users).set({ name: "Changed Name" }).where(eq(users.id, user.id));
    expect((await me(t, cookie)).json().name).toBe("Changed Name");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("session checks on a shared server", () => {
  let database: TestDatabase;
  let otherHandle: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  /** A connection of the test's own, like an operator's tool. */
  let tool: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const other = await openDatabase({ kind: "postgres", url: database.url as string });
    otherHandle = { ...other, destroy: () => other.close() };
    one = await createTestApp({ database });
    two = await createTestApp({ database: otherHandle });
    tool = new pg.Client({ connectionString: database.url });
    await tool.connect();
  });
  afterAll(async () => {
    await tool?.end();
    await one?.close();
    await two?.close();
    await otherHandle?.destroy();
    await database?.destroy();
  });

  it("ends a session at once when another instance signs it out", async () => {
    const { cookie } = await signedInUser(database.db, one.config);
    expect(await statusOf(one, cookie)).toBe(200);
    const out = await two.app.inject({
      method: "POST",
      url: "/api/logout",
      payload: {},
      headers: { cookie, ...sameOrigin },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await statusOf(one, cookie)).toBe(401);
  });

  it("ends a session at once when an operator's tool deletes it with the triggers off", async () => {
    const { cookie, token } = await signedInUser(database.db, one.config);
    expect(await statusOf(one, cookie)).toBe(200);
    await tool.query("begin");
    await tool.query("set local session_replication_role = replica");
    await tool.query("delete from sessions where token_hash = $1", [hashSecretToken(token)]);
    await tool.query("commit");
    expect(await statusOf(one, cookie)).toBe(401);
  });

  it("shows another instance's change to the user at once", async () => {
    const { cookie, user } = await signedInUser(database.db, one.config);
    expect((await me(one, cookie)).json().name).toBe(user.name);
    await otherHandle.db.update(users).set({ name: "Renamed Elsewhere" }).where(eq(users.id, user.id));
    expect((await me(one, cookie)).json().name).toBe("Renamed Elsewhere");
  });
});
