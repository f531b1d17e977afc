/**
 * A session check is kept while the database's changes have not moved since it was read (decisions
 * 044, 061 and 081): whatever changes a session, its user or a list version is notified, and a
 * request that may write moves them on itself, so the next request sees its change. A write from
 * outside a request is heard through the notification: on a server, the test waits for it
 * (`changes.heard()`), as the next request of a browser would find it heard by then.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../../src/server/platform/db/schema";
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
  const changed = () => t.database.changes.heard();

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "moves on with every change the embedded database notifies, before the writer goes on, and not with reads",
    async () => {
      const before = t.database.changes.current();
      expect(before).toEqual(expect.any(Number));
      await t.database.db.select().from(users).limit(1);
      expect(t.database.changes.current()).toBe(before);
      // A statement-level trigger notifies even when no row changed.
      await t.database.db.update(users).set({ name: "Renamed" }).where(eq(users.id, -1));
      expect(t.database.changes.current()).toBeGreaterThan(before ?? 0);
    },
  );

  it("moves on around a request that may write, and not around one that only reads", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    await me(cookie);
    await changed();
    const before = t.database.changes.current();
    await me(cookie);
    expect(t.database.changes.current()).toBe(before);
    // Refused before it writes anything, and still counted as it answers: the portal does not know what a
    // request wrote.
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      payload: {},
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(403);
    const after = t.database.changes.current();
    expect(after === undefined || (before !== undefined && after > before)).toBe(true);
  });

  it("ends a session for the next request however it is ended", async () => {
    const { cookie, user } = await signedInUser(t.database.db, t.config);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200); // kept
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await changed();
    expect((await me(cookie)).statusCode).toBe(401);

    const again = await signedInUser(t.database.db, t.config);
    expect((await me(again.cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, again.user.id));
    await changed();
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
    await changed();
    expect((await me(cookie)).json().name).toBe("Changed Name");
  });
});
