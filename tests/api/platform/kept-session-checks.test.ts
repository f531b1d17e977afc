/**
 * A session check is kept while nothing has been written since it was read (db/write-generation.ts,
 * decision 044): whatever changes a session, its user or a list version is a write, and the next
 * request sees it. On a PostgreSQL server the instance's own writes count the same way, and changes
 * from elsewhere are notified (session-check-changes.test.ts, decision 061).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../../src/server/platform/db/schema";
import { onlyReads, writeGenerationOf } from "../../../src/server/platform/db/write-generation";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

describe("session checks kept between writes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

  // On a server the same is checked once its change feed is live (session-check-changes.test.ts).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))("counts writes, and no reads", async () => {
    const before = writeGenerationOf(t.database.db);
    expect(before).toEqual(expect.any(Number));
    await t.database.db.select().from(users).limit(1);
    expect(writeGenerationOf(t.database.db)).toBe(before);
    await t.database.db.update(users).set({ name: "Renamed" }).where(eq(users.id, -1));
    expect(writeGenerationOf(t.database.db)).toBeGreaterThan(before ?? 0);
  });

  it("takes only a plain SELECT for a read", () => {
    expect(onlyReads('select "id" from "users"')).toBe(true);
    expect(onlyReads("  SELECT 1")).toBe(true);
    expect(onlyReads('select "id" from "sessions" for update')).toBe(false);
    expect(onlyReads('with moved as (delete from "sessions" returning *) select * from moved')).toBe(false);
    expect(onlyReads('update "sessions" set "last_seen_at" = now()')).toBe(false);
    expect(onlyReads(undefined)).toBe(false);
  });

  it("ends a session for the next request however it is ended", async () => {
    const { cookie, user } = await signedInUser(t.database.db, t.config);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200); // kept
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await me(cookie)).statusCode).toBe(401);

    const again = await signedInUser(t.database.db, t.config);
    expect((await me(again.cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, again.user.id));
    expect((await me(again.cookie)).statusCode).toBe(401);

    const third = await signedInUser(t.database.db, t.config);
    expect((await me(third.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      payload: {},
      headers: { cookie: third.cookie, ...sameOrigin },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(third.cookie)).statusCode).toBe(401);
  });

  it("shows a changed name at once", async () => {
    const { cookie, user } = await signedInUser(t.database.db, t.config);
    const first = await me(cookie);
    expect(first.json().name).toBe(user.name);
    await t.database.db.update(users).set({ name: "Changed Name" }).where(eq(users.id, user.id));
    expect((await me(cookie)).json().name).toBe("Changed Name");
  });
});
