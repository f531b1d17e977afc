import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";
import { auditEvents, users } from "../../../src/server/platform/db/schema";
import { migrationsDir } from "../../../src/server/platform/paths";
import { type AuditEntry, auditPageSchema } from "../../../src/shared/api/audit";
import { INVALID_CREDENTIALS_MESSAGE } from "../../../src/shared/api/auth";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import { airtableBase, testAirtableSource } from "../../support/airtable-base";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser, type SignedInUser, signedInUser } from "../../support/users";

const PASSWORD = "Sturdy-Lantern-42";

describe("the one audit log", () => {
  let t: TestApp;
  let fake: FakeAirtable;
  let admin: SignedInUser;
  let customer: SignedInUser;
  const db = () => t.database.db;

  beforeAll(async () => {
    const base = airtableBase({ customers: 1, accountsPerCustomer: 1, optimizationsPerCustomer: 0 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      syncSource: (database) => testAirtableSource(database.db, fake, { requestsPerSecond: 100 }),
    });
    admin = await signedInUser(db(), t.config, { role: "admin", name: "Ada Admin" });
    customer = await signedInUser(db(), t.config, { name: "Cora Customer" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const get = (url: string, cookie?: string) => t.get(url, cookie);
  const page = async (query: string, cookie = admin.cookie) => {
    const res = await get(`/api/admin/audit${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return auditPageSchema.parse(res.json());
  };
  const eventsOf = (subjectUserId: number) =>
    db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, subjectUserId))
      .orderBy(auditEvents.id);

  describe("who may read it", () => {
    it("answers 401 signed out and 403 to a customer, on the list and the CSV", async () => {
      for (const url of ["/api/admin/audit", "/api/admin/audit.csv"]) {
        const anonymous = await get(url);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toEqual({ error: "Not authenticated" });
        const refused = await get(url, customer.cookie);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: "Admin access required" });
      }
    });

    it("offers no route that changes or deletes an entry", async () => {
      const auditRoutes = t.app.declaredRoutes().filter((route) => route.url.startsWith("/api/admin/audit"));
      expect(auditRoutes.length).toBeGreaterThan(0);
      for (const route of auditRoutes)
        expect(route.methods.every((m) => m === "GET" || m === "HEAD")).toBe(true);
      for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
        const res = await t.app.inject({
          method,
          url: "/api/admin/audit",
          headers: { cookie: admin.cookie },
        });
        expect(res.statusCode).toBe(404);
      }
    });
  });

  describe("the database", () => {
    it("refuses to change or delete an entry, even to the app's own connection", async () => {
      const [entry] = await db()
        .insert(auditEvents)
        .values({
          kind: "step-up",
          actorUserId: customer.user.id,
          subjectUserId: customer.user.id,
          detail: "password",
        })
        .returning();
      if (!entry) throw new Error("no entry");
      await expect(
        db().update(auditEvents).set({ detail: "forged" }).where(eq(auditEvents.id, entry.id)),
      ).rejects.toThrow();
      await expect(db().delete(auditEvents).where(eq(auditEvents.id, entry.id))).rejects.toThrow();
      const [after] = await db().select().from(auditEvents).where(eq(auditEvents.id, entry.id));
      expect(after).toEqual(entry);
    });
  });

  describe("sign-ins", () => {
    it("records a password sign-in with its proof and address", async () => {
      const who = await insertUser(db(), { password: PASSWORD });
      const res = await t.post("/api/login", { email: who.email, password: PASSWORD }, { ip: "127.8.0.1" });
      expect(res.statusCode).toBe(200);
      expect(await eventsOf(who.id)).toMatchObject([
        {
          kind: "sign-in",
          actorUserId: who.id,
          subjectUserId: who.id,
          detail: "password",
          ipAddress: "127.8.0.1",
        },
      ]);
    });

    it("records failures alike to the caller, naming the account only when the email matched", async () => {
      const who = await insertUser(db(), { password: PASSWORD });
      const wrong = await t.post("/api/login", { email: who.email, password: "Not-The-Password-1" });
      const unknownEmail = `nobody-${Date.now()}@example.test`;
      const nobody = await t.post("/api/login", { email: unknownEmail, password: "Not-The-Password-2" });
      // The caller learns nothing about whether the email exists.
      expect(wrong.statusCode).toBe(401);
      expect(nobody.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });
      expect(nobody.json()).toEqual(wrong.json());

      expect(await eventsOf(who.id)).toMatchObject([
        { kind: "sign-in-failed", actorUserId: null, subjectUserId: who.id, detail: "wrong password" },
      ]);
      const failures = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.kind, "sign-in-failed"), sql`${auditEvents.subjectUserId} is null`));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ actorUserId: null, detail: "no account with this email" });
      // Neither the passwords nor the name typed for no one is kept.
      const all = JSON.stringify(await db().select().from(auditEvents));
      for (const typed of ["Not-The-Password-1", "Not-The-Password-2", unknownEmail]) {
        expect(all).not.toContain(typed);
      }
    });
  });

  describe("admin sync runs", () => {
    it("records a full run and a one-customer run with the admin as actor", async () => {
      const full = await t.post(
        "/api/admin/sync-users",
        { kind: "full" },
        { headers: { cookie: admin.cookie } },
      );
      expect(full.statusCode, full.body).toBe(200);
      const one = await t.post(
        `/api/linkedin-sync/user/${customer.user.uid}`,
        {},
        { headers: { cookie: admin.cookie } },
      );
      expect(one.statusCode, one.body).toBe(200);
      const runs = await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.kind, "sync-run"))
        .orderBy(auditEvents.id);
      expect(runs).toMatchObject([
        {
          actorUserId: admin.user.id,
          subjectUserId: null,
          detail: expect.stringMatching(/^full: succeeded/),
        },
        {
          actorUserId: admin.user.id,
          subjectUserId: customer.user.id,
          detail: expect.stringMatching(/^user: /),
        },
      ]);
      // A customer's own Sync Now is not an admin action.
      const own = await t.post(
        `/api/linkedin-sync/user/${customer.user.uid}`,
        {},
        { headers: { cookie: customer.cookie } },
      );
      expect(own.statusCode).toBe(200);
      expect(await db().select().from(auditEvents).where(eq(auditEvents.kind, "sync-run"))).toHaveLength(2);
    });
  });

  describe("GET /api/admin/audit", () => {
    let dora: SignedInUser;
    let eli: SignedInUser;
    let gone: number;
    let closed: { id: number; uid: string };
    const base = Date.parse("2026-03-01T12:00:00Z");
    const at = (minutes: number) => new Date(base + minutes * 60_000);

    beforeAll(async () => {
      dora = await signedInUser(db(), t.config, { name: "Dora Customer", email: "dora.audit@example.test" });
      eli = await signedInUser(db(), t.config, { name: "Eli Customer" });
      const goneUser = await insertUser(db());
      gone = goneUser.id;
      const closedUser = await insertUser(db());
      closed = { id: closedUser.id, uid: closedUser.uid };
      await db()
        .insert(auditEvents)
        .values([
          {
            at: at(0),
            kind: "sign-in",
            actorUserId: dora.user.id,
            subjectUserId: dora.user.id,
            detail: "password",
            ipAddress: "203.0.113.1",
          },
          {
            at: at(1),
            kind: "secret-revealed",
            actorUserId: admin.user.id,
            subjectUserId: dora.user.id,
            detail: "password",
            target: "dora-li@example.test",
            targetId: 7,
          },
          {
            at: at(2),
            kind: "sign-in",
            actorUserId: eli.user.id,
            subjectUserId: eli.user.id,
            detail: "passkey",
          },
          {
            at: at(3),
            kind: "password-changed",
            actorUserId: dora.user.id,
            subjectUserId: dora.user.id,
            detail: "changed",
          },
          { at: at(4), kind: "sign-in", actorUserId: gone, subjectUserId: gone, detail: "password" },
          {
            at: at(5),
            kind: "login-closed",
            actorUserId: closed.id,
            subjectUserId: closed.id,
            detail: "ended password",
          },
          // Same time as the one before: the id decides the order.
          {
            at: at(5),
            kind: "sign-in-failed",
            actorUserId: null,
            subjectUserId: null,
            detail: "no account with this email",
          },
        ]);
      await db().delete(users).where(eq(users.id, gone));
      await db()
        .update(users)
        .set({
          email: `closed-${closed.uid}@closed.invalid`,
          name: "Closed portal login",
          closedAt: new Date(),
        })
        .where(eq(users.id, closed.id));
    });

    const inMarch = "from=2026-03-01&to=2026-03-01";

    it("answers the entries newest first, with who, whom, what and from where", async () => {
      const { events, nextCursor } = await page(`?${inMarch}`);
      expect(nextCursor).toBeNull();
      expect(events.map((e) => e.kind)).toEqual([
        "sign-in-failed",
        "login-closed",
        "sign-in",
        "password-changed",
        "sign-in",
        "secret-revealed",
        "sign-in",
      ]);
      const reveal = events.find((e) => e.kind === "secret-revealed") as AuditEntry;
      expect(reveal).toEqual({
        id: expect.any(Number),
        at: at(1).toISOString(),
        kind: "secret-revealed",
        actor: { uid: admin.user.uid, name: "Ada Admin", email: admin.user.email },
        subject: { uid: dora.user.uid, name: "Dora Customer", email: "dora.audit@example.test" },
        detail: "password",
        target: "dora-li@example.test",
        ipAddress: null,
      });
      // A user that no longer exists is null, with nothing of the id they had.
      const ofGone = events[2] as AuditEntry;
      expect(ofGone).toMatchObject({ actor: null, subject: null, detail: "password" });
      expect(JSON.stringify(ofGone)).not.toContain(`"${gone}"`);
      // A closed login reads as its anonymised row.
      expect(events[1]?.subject).toEqual({
        uid: closed.uid,
        name: "Closed portal login",
        email: `closed-${closed.uid}@closed.invalid`,
      });
      expect(events[0]).toMatchObject({ actor: null, subject: null });
    });

    it("filters by kind, customer (by UID or email, as actor or subject), actor and time", async () => {
      const kinds = (events: AuditEntry[]) => events.map((e) => e.kind);
      expect(kinds((await page(`?${inMarch}&kind=sign-in`)).events)).toEqual([
        "sign-in",
        "sign-in",
        "sign-in",
      ]);
      const doras = ["password-changed", "secret-revealed", "sign-in"];
      expect(kinds((await page(`?${inMarch}&customer=${dora.user.uid}`)).events)).toEqual(doras);
      expect(kinds((await page(`?${inMarch}&customer=DORA.AUDIT%40example.test`)).events)).toEqual(doras);
      // The admin who revealed Dora's secret is that entry's actor.
      expect(kinds((await page(`?${inMarch}&actor=${admin.user.uid}`)).events)).toEqual(["secret-revealed"]);
      expect(kinds((await page(`?${inMarch}&customer=${dora.user.uid}&kind=sign-in`)).events)).toEqual([
        "sign-in",
      ]);
      // from is inclusive, to exclusive.
      const window = `from=${encodeURIComponent(at(1).toISOString())}&to=${encodeURIComponent(at(3).toISOString())}`;
      expect(kinds((await page(`?${window}`)).events)).toEqual(["sign-in", "secret-revealed"]);
      const offset = "from=2026-03-01T13:03:00%2B01:00&to=2026-03-01T13:04:00%2B01:00";
      expect(kinds((await page(`?${offset}`)).events)).toEqual(["password-changed"]);
      // Someone nobody is matches nothing.
      expect((await page(`?customer=no-such-uid`)).events).toEqual([]);
      expect((await page(`?actor=nobody%40example.test`)).events).toEqual([]);
      // Another day holds none of them.
      expect((await page(`?from=2026-03-02&to=2026-03-02`)).events).toEqual([]);
    });

    it("pages by cursor without gaps or repeats, however many share a time", async () => {
      const seen: AuditEntry[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const next: { events: AuditEntry[]; nextCursor: string | null } = await page(
          `?${inMarch}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        );
        expect(next.events.length).toBeLessThanOrEqual(2);
        seen.push(...next.events);
        cursor = next.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 10);
      expect(pages).toBe(4);
      const all = (await page(`?${inMarch}`)).events;
      expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
      expect(new Set(seen.map((e) => e.id)).size).toBe(7);
    });

    it("keeps the database's microseconds in the cursor", async () => {
      const twin = await signedInUser(db(), t.config);
      // Three entries within one millisecond: a cursor of milliseconds would skip or repeat.
      await db().execute(sql`
        insert into audit_events (at, kind, actor_user_id, subject_user_id, detail) values
        ('2026-04-01 10:00:00.123400+00', 'step-up', ${twin.user.id}, ${twin.user.id}, 'a'),
        ('2026-04-01 10:00:00.123900+00', 'step-up', ${twin.user.id}, ${twin.user.id}, 'b'),
        ('2026-04-01 10:00:00.123100+00', 'step-up', ${twin.user.id}, ${twin.user.id}, 'c')`);
      const details: (string | null)[] = [];
      let cursor: string | null = null;
      do {
        const next: { events: AuditEntry[]; nextCursor: string | null } = await page(
          `?customer=${twin.user.uid}&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
        );
        details.push(...next.events.map((e) => e.detail));
        cursor = next.nextCursor;
      } while (cursor !== null && details.length < 5);
      expect(details).toEqual(["b", "a", "c"]);
    });

    it("answers 400 { error } for a bad filter, and the default page of 50", async () => {
      for (const query of [
        "kind=not-a-kind",
        "from=yesterday",
        "to=2026-13-01",
        "from=2026-03-02&to=2026-03-01",
        "from=2026-03-01T10:00:00Z&to=2026-03-01T10:00:00Z",
        "cursor=abc",
        "cursor=0",
        "limit=0",
        "limit=201",
        "limit=ten",
        `customer=${"x".repeat(256)}`,
        "actor=%00",
      ]) {
        // The export has no pages: it takes no cursor and no limit.
        const paging = query.startsWith("cursor") || query.startsWith("limit");
        const urls = [`/api/admin/audit?${query}`, ...(paging ? [] : [`/api/admin/audit.csv?${query}`])];
        for (const url of urls) {
          const res = await get(url, admin.cookie);
          expect(res.statusCode, url).toBe(400);
          expect(Object.keys(res.json())).toEqual(["error"]);
        }
      }
      const bulk = await signedInUser(db(), t.config);
      await db()
        .insert(auditEvents)
        .values(
          Array.from({ length: 55 }, (_, i) => ({
            at: new Date(Date.parse("2026-05-01T00:00:00Z") + i * 1000),
            kind: "step-up" as const,
            actorUserId: bulk.user.id,
            subjectUserId: bulk.user.id,
          })),
        );
      const first = await page(`?customer=${bulk.user.uid}`);
      expect(first.events).toHaveLength(50);
      expect(first.nextCursor).not.toBeNull();
      const rest = await page(`?customer=${bulk.user.uid}&cursor=${first.nextCursor}&limit=200`);
      expect(rest.events).toHaveLength(5);
      expect(rest.nextCursor).toBeNull();
    });

    it("exports every matching entry as CSV, guarding cells a spreadsheet would run", async () => {
      const mallory = await signedInUser(db(), t.config, { name: '=HYPERLINK("http://evil.test")' });
      await db()
        .insert(auditEvents)
        .values([
          {
            at: at(10),
            kind: "sign-in",
            actorUserId: mallory.user.id,
            subjectUserId: mallory.user.id,
            detail: "@SUM(1+1)",
          },
          {
            at: at(11),
            kind: "step-up",
            actorUserId: mallory.user.id,
            subjectUserId: mallory.user.id,
            detail: 'password, "quoted"',
          },
        ]);
      const res = await get(`/api/admin/audit.csv?customer=${mallory.user.uid}`, admin.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toBe('attachment; filename="audit-log.csv"');
      expect(res.headers["cache-control"]).toBe("no-store");
      const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe(
        "When,Kind,What,Actor UID,Actor name,Actor email,Subject UID,Subject name,Subject email,Detail,Target,From",
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toBe(
        `${at(11).toISOString()},step-up,Identity confirmed again,${mallory.user.uid},"'=HYPERLINK(""http://evil.test"")",${mallory.user.email},${mallory.user.uid},"'=HYPERLINK(""http://evil.test"")",${mallory.user.email},"password, ""quoted""",,`,
      );
      expect(lines[2]).toContain(`,"'@SUM(1+1)",,`);
      expect(lines[3]).toBe("");

      // Filters as the list's; more than one export page of entries all arrive.
      const many = await signedInUser(db(), t.config);
      await db()
        .insert(auditEvents)
        .values(
          Array.from({ length: 1_203 }, (_, i) => ({
            at: new Date(Date.parse("2026-06-01T00:00:00Z") + i * 1000),
            kind: "step-up" as const,
            actorUserId: many.user.id,
            subjectUserId: many.user.id,
            detail: String(i),
          })),
        );
      const big = await get(`/api/admin/audit.csv?customer=${many.user.uid}&kind=step-up`, admin.cookie);
      const rows = big.body.split("\r\n").slice(1, -1);
      expect(rows).toHaveLength(1_203);
      expect(rows[0]?.endsWith(",1202,,")).toBe(true);
      expect(rows.at(-1)?.endsWith(",0,,")).toBe(true);
      const none = await get("/api/admin/audit.csv?customer=no-such-uid", admin.cookie);
      expect(none.body.replace(/^\uFEFF/, "").split("\r\n")).toEqual([expect.stringMatching(/^When,/), ""]);
    });
  });
});

describe("migration 0020", () => {
  // It migrates a new embedded database from nothing: about 18 s on a quiet machine, past 20 s on a busy one.
  it("copies the identity trail and the reveal record into the audit log, in time order, and drops them", async () => {
    // The migrations up to 0018, as a database that had them would hold.
    const upTo18 = mkdtempSync(path.join(tmpdir(), "audit-migrations-"));
    try {
      cpSync(migrationsDir, upTo18, { recursive: true });
      const journalPath = path.join(upTo18, "meta/_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
      journal.entries = journal.entries.filter((entry) => entry.idx <= 18);
      writeFileSync(journalPath, JSON.stringify(journal));

      const handle = await openDatabase({ kind: "pglite", inMemory: true });
      try {
        await handle.ready();
        await migrate(handle.db as never, { migrationsFolder: upTo18 });
        const { db } = handle;
        await db.execute(sql`
          insert into users (id, uid, email, name) values
            (1, 'u-one', 'one@example.test', 'One'), (2, 'u-admin', 'admin@example.test', 'Admin')`);
        await db.execute(sql`
          insert into identity_events (user_id, kind, detail, ip_address, at) values
            (1, 'google-link', 'google-subject-1', '198.51.100.1', '2026-01-01 10:00:00.000001+00'),
            (null, 'email-verified', 'gone@example.test', null, '2026-01-01 10:00:02+00'),
            (1, 'step-up', 'password', '198.51.100.2', '2026-01-01 10:00:04+00')`);
        await db.execute(sql`
          insert into account_secret_reveals (actor_user_id, owner_user_id, account_id, account_label, secret, ip, revealed_at) values
            (2, 1, null, 'one-li@example.test', 'recoveryCodes', '192.0.2.9', '2026-01-01 10:00:03+00'),
            (1, 1, null, 'one-li@example.test', 'export', '198.51.100.3', '2026-01-01 10:00:01+00')`);

        await handle.migrate();

        const rows = await db.select().from(auditEvents).orderBy(auditEvents.id);
        expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
          {
            at: new Date("2026-01-01T10:00:00.000Z"),
            kind: "google-link",
            actorUserId: 1,
            subjectUserId: 1,
            detail: "google-subject-1",
            target: null,
            targetId: null,
            ipAddress: "198.51.100.1",
          },
          {
            at: new Date("2026-01-01T10:00:01Z"),
            kind: "secret-revealed",
            actorUserId: 1,
            subjectUserId: 1,
            detail: "export",
            target: "one-li@example.test",
            targetId: null,
            ipAddress: "198.51.100.3",
          },
          {
            at: new Date("2026-01-01T10:00:02Z"),
            kind: "email-verified",
            actorUserId: null,
            subjectUserId: null,
            detail: "gone@example.test",
            target: null,
            targetId: null,
            ipAddress: null,
          },
          {
            at: new Date("2026-01-01T10:00:03Z"),
            kind: "secret-revealed",
            actorUserId: 2,
            subjectUserId: 1,
            detail: "recoveryCodes",
            target: "one-li@example.test",
            targetId: null,
            ipAddress: "192.0.2.9",
          },
          {
            at: new Date("2026-01-01T10:00:04Z"),
            kind: "step-up",
            actorUserId: 1,
            subjectUserId: 1,
            detail: "password",
            target: null,
            targetId: null,
            ipAddress: "198.51.100.2",
          },
        ]);
        // The copy keeps the database's own precision.
        const rowsOf = async (query: ReturnType<typeof sql>) =>
          ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
        const [first] = await rowsOf(sql`select at::text as at from audit_events order by id limit 1`);
        expect(first?.at).toBe("2026-01-01 10:00:00.000001+00");
        const tables = await rowsOf(
          sql`select table_name from information_schema.tables where table_name in ('identity_events', 'account_secret_reveals')`,
        );
        expect(tables).toEqual([]);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(upTo18, { recursive: true, force: true });
    }
  }, 60_000);
});
