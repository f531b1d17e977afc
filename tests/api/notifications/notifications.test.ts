/**
 * The notification routes (decision 041): a customer lists, counts and marks read their own entries
 * only, and chooses which topics come by mail; bad input is a 400 in the `{ error }` shape and
 * changes nothing; a session viewing as the customer reads but changes nothing.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertNotifications } from "../../../src/server/features/notifications/notifier";
import type { Database } from "../../../src/server/platform/db/database";
import { notificationPreferences, notifications, sessions } from "../../../src/server/platform/db/schema";
import { notificationListSchema } from "../../../src/shared/api/notifications";
import { READ_ONLY_WHILE_VIEWING } from "../../../src/shared/api/view-as";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInCast } from "../../support/users";

let seq = 0;
async function addEntries(db: Database, userId: number, n: number): Promise<void> {
  const entries = Array.from({ length: n }, () => {
    seq += 1;
    return {
      userId,
      kind: "account_status_changed" as const,
      dedupeKey: `test:${seq}`,
      detail: { account: `Account ${seq}`, from: "Signed In", to: "Restricted" },
      link: "/accounts/linkedin",
    };
  });
  await insertNotifications(db, entries);
}

describe("notification routes", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;

  const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const markRead = (payload: object, cookie: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/notifications/read",
      payload,
      headers: { ...sameOrigin, cookie },
    });
  const putPreferences = (payload: object, cookie: string) =>
    t.app.inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      payload,
      headers: { ...sameOrigin, cookie },
    });
  const unreadInDb = async (userId: number) =>
    (
      await t.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    ).length;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, admin } = await signedInCast(t.database.db, t.config));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(notifications);
    await t.database.db.delete(notificationPreferences);
  });

  it("lists the caller's entries newest first, a page at a time, with the unread count", async () => {
    await addEntries(t.database.db, alice.user.id, 5);
    await addEntries(t.database.db, bob.user.id, 3);
    const first = await get("/api/notifications?limit=2", alice.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const page1 = notificationListSchema.parse(first.json());
    expect(page1.unreadCount).toBe(5);
    expect(page1.notifications.map((n) => n.detail.account)).toEqual([
      `Account ${seq - 3}`,
      `Account ${seq - 4}`,
    ]);
    expect(page1.notifications[0]).toMatchObject({
      kind: "account_status_changed",
      link: "/accounts/linkedin",
      read: false,
      detail: { from: "Signed In", to: "Restricted" },
    });
    expect(page1.nextCursor).not.toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = notificationListSchema.parse((await get(url, alice.cookie)).json());
      seen.push(...page.notifications.map((n) => String(n.detail.account)));
      cursor = page.nextCursor;
    } while (cursor !== null);
    // Every one of Alice's five, once each and newest first, none of Bob's (his are the last three).
    expect(seen).toEqual([3, 4, 5, 6, 7].map((back) => `Account ${seq - back}`));
  });

  it("answers 304 to an unchanged page's tag, and a new page once an entry arrives or is read", async () => {
    await addEntries(t.database.db, alice.user.id, 3);
    const getTagged = (url: string, etag: string) =>
      t.app.inject({ method: "GET", url, headers: { cookie: alice.cookie, "if-none-match": etag } });
    const first = await get("/api/notifications?limit=2", alice.cookie);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"ntf1\./);
    const again = await getTagged("/api/notifications?limit=2", etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // Another page, or another filter, is a page of its own.
    expect((await getTagged("/api/notifications?limit=3", etag)).statusCode).toBe(200);

    // The mail going out shows nowhere in the list; another customer's entries are theirs.
    await t.database.db.update(notifications).set({ mailedAt: new Date() });
    await addEntries(t.database.db, bob.user.id, 2);
    expect((await getTagged("/api/notifications?limit=2", etag)).statusCode).toBe(304);

    await addEntries(t.database.db, alice.user.id, 1);
    const arrived = await getTagged("/api/notifications?limit=2", etag);
    expect(arrived.statusCode).toBe(200);
    const withNew = notificationListSchema.parse(arrived.json());
    expect(withNew.notifications[0]?.detail.account).toBe(`Account ${seq}`);
    expect(withNew.unreadCount).toBe(4);

    // Read elsewhere than through this route (another instance, the database itself).
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.userId, alice.user.id));
    const read = await getTagged("/api/notifications?limit=2", String(arrived.headers.etag));
    expect(read.statusCode).toBe(200);
    const nowRead = notificationListSchema.parse(read.json());
    expect(nowRead.unreadCount).toBe(0);
    expect(nowRead.notifications.every((n) => n.read)).toBe(true);
    expect((await get("/api/notifications/unread-count", alice.cookie)).json()).toEqual({ unreadCount: 0 });
  });

  it("filters unread and read entries, and marks some or all read", async () => {
    await addEntries(t.database.db, alice.user.id, 4);
    const all = notificationListSchema.parse((await get("/api/notifications", alice.cookie)).json());
    const [newest, second] = all.notifications;
    if (!newest || !second) throw new Error("expected entries");

    const marked = await markRead({ ids: [newest.id, second.id] }, alice.cookie);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unreadCount: 2 });
    expect(await unreadInDb(alice.user.id)).toBe(2);

    const unread = notificationListSchema.parse(
      (await get("/api/notifications?unread=yes", alice.cookie)).json(),
    );
    expect(unread.notifications.map((n) => n.id)).not.toContain(newest.id);
    expect(unread.notifications).toHaveLength(2);
    const read = notificationListSchema.parse(
      (await get("/api/notifications?unread=no", alice.cookie)).json(),
    );
    expect(read.notifications.map((n) => n.id)).toEqual([newest.id, second.id]);
    expect(read.notifications.every((n) => n.read)).toBe(true);
    expect(read.unreadCount).toBe(2);

    expect((await get("/api/notifications/unread-count", alice.cookie)).json()).toEqual({ unreadCount: 2 });
    const allRead = await markRead({ all: true }, alice.cookie);
    expect(allRead.json()).toEqual({ unreadCount: 0 });
    expect(await unreadInDb(alice.user.id)).toBe(0);
    expect((await get("/api/notifications/unread-count", alice.cookie)).json()).toEqual({ unreadCount: 0 });
  });

  it("never lists, counts or marks another customer's entries", async () => {
    await addEntries(t.database.db, bob.user.id, 3);
    const bobs = await t.database.db.select({ id: notifications.id }).from(notifications);
    const mine = notificationListSchema.parse((await get("/api/notifications", alice.cookie)).json());
    expect(mine).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    expect((await get("/api/notifications/unread-count", alice.cookie)).json()).toEqual({ unreadCount: 0 });

    // Bob's ids change nothing when Alice names them, and neither does "all" of hers.
    const res = await markRead({ ids: bobs.map((row) => row.id) }, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 0 });
    expect((await markRead({ all: true }, alice.cookie)).statusCode).toBe(200);
    expect(await unreadInDb(bob.user.id)).toBe(3);
    // An admin's own list is their own too: nobody else's entries in it.
    const admins = notificationListSchema.parse((await get("/api/notifications", admin.cookie)).json());
    expect(admins.notifications).toEqual([]);
  });

  it("answers 400 { error } to bad input and changes nothing", async () => {
    await addEntries(t.database.db, alice.user.id, 2);
    for (const url of [
      "/api/notifications?unread=maybe",
      "/api/notifications?limit=0",
      "/api/notifications?limit=101",
      "/api/notifications?limit=ten",
      "/api/notifications?cursor=abc",
      "/api/notifications?cursor=-5",
      "/api/notifications?cursor=99999999999",
    ]) {
      const res = await get(url, alice.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: expect.any(String) });
    }
    for (const body of [
      {},
      { ids: [] },
      { ids: [0] },
      { ids: ["1"] },
      { ids: [1.5] },
      { all: false },
      { all: true, ids: [1] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      const res = await markRead(body, alice.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect(await unreadInDb(alice.user.id)).toBe(2);
    for (const body of [
      {},
      { mail: { accounts: true } },
      { mail: { accounts: true, optimizations: false, requests: false, payments: true, security: "yes" } },
      {
        mail: {
          accounts: true,
          optimizations: false,
          requests: false,
          payments: true,
          security: true,
          x: true,
        },
      },
    ]) {
      const res = await putPreferences(body, alice.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect(await t.database.db.select().from(notificationPreferences)).toEqual([]);
  });

  it("keeps the mail preferences: defaults first, then the whole map as stored, per customer", async () => {
    const defaults = await get("/api/notifications/preferences", alice.cookie);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({
      mail: { accounts: false, optimizations: false, requests: false, payments: true, security: true },
    });
    const chosen = { accounts: true, optimizations: false, requests: true, payments: false, security: true };
    const put = await putPreferences({ mail: chosen }, alice.cookie);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ mail: chosen });
    expect((await get("/api/notifications/preferences", alice.cookie)).json()).toEqual({ mail: chosen });
    const [row] = await t.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, alice.user.id));
    expect(row?.mail).toEqual(chosen);
    // Bob's are still the defaults.
    expect((await get("/api/notifications/preferences", bob.cookie)).json().mail.accounts).toBe(false);
  });

  it("needs a session, and refuses a cross-site change", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/notifications/unread-count" })).statusCode).toBe(
      401,
    );
    await addEntries(t.database.db, alice.user.id, 1);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/notifications/read",
      payload: { all: true },
      headers: { origin: "https://evil.example", "content-type": "application/json", cookie: alice.cookie },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await unreadInDb(alice.user.id)).toBe(1);
  });

  it("lets an administrator viewing as the customer read, but not mark read or change preferences", async () => {
    await addEntries(t.database.db, alice.user.id, 2);
    await t.database.db
      .update(sessions)
      .set({ viewingUserId: alice.user.id, viewingReason: "Ticket 1", viewingSince: new Date() })
      .where(eq(sessions.userId, admin.user.id));
    try {
      const list = notificationListSchema.parse((await get("/api/notifications", admin.cookie)).json());
      expect(list.notifications).toHaveLength(2);
      expect(list.unreadCount).toBe(2);
      const mark = await markRead({ all: true }, admin.cookie);
      expect(mark.statusCode).toBe(403);
      expect(mark.json()).toEqual({ error: READ_ONLY_WHILE_VIEWING });
      const prefs = await putPreferences(
        { mail: { accounts: true, optimizations: true, requests: true, payments: false, security: false } },
        admin.cookie,
      );
      expect(prefs.statusCode).toBe(403);
      expect(await unreadInDb(alice.user.id)).toBe(2);
      expect(await t.database.db.select().from(notificationPreferences)).toEqual([]);
    } finally {
      await t.database.db
        .update(sessions)
        .set({ viewingUserId: null, viewingReason: null, viewingSince: null })
        .where(eq(sessions.userId, admin.user.id));
    }
  });
});
