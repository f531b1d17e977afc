import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBackKey } from "../../../src/server/features/sync/write-back";
import { outboxJobs, users } from "../../../src/server/platform/db/schema";
import { createSession } from "../../../src/server/platform/http/session-store";
import { importStatusSchema, syncResultsSchema, userSyncResponseSchema } from "../../../src/shared/api/sync";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import {
  airtableBase,
  type BaseContents,
  TABLE,
  testAirtableSource,
  userFields,
} from "../../support/airtable-base";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

describe("the sync endpoints", () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let base: BaseContents;
  let admin: SignedInUser;
  let customer: SignedInUser;

  beforeAll(async () => {
    base = airtableBase({ customers: 3, accountsPerCustomer: 2, optimizationsPerCustomer: 1 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      syncSource: (db) => testAirtableSource(db.db, fake, { requestsPerSecond: 100 }),
    });
    admin = await signedInUser(t.database.db, t.config, { role: "admin" });
    customer = await signedInUser(t.database.db, t.config);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const post = (url: string, cookie?: string, payload: object = {}) =>
    t.post(url, payload, { headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie?: string) => t.get(url, cookie);

  it("keeps the admin endpoints to admins: 401 signed out, 403 for a customer", async () => {
    for (const [call, status] of [
      [() => post("/api/admin/sync-users"), 401],
      [() => post("/api/admin/sync-users", customer.cookie), 403],
      [() => get("/api/admin/import-status"), 401],
      [() => get("/api/admin/import-status", customer.cookie), 403],
    ] as const) {
      const res = await call();
      expect(res.statusCode).toBe(status);
      expect(Object.keys(res.json())).toEqual(["error"]);
    }
    // Nothing ran.
    expect(fake.requests()).toHaveLength(0);
  });

  it("reports no import before the first run", async () => {
    const res = await get("/api/admin/import-status", admin.cookie);
    expect(res.statusCode).toBe(200);
    const status = importStatusSchema.parse(res.json());
    expect(status).toMatchObject({
      importCompleted: false,
      currentRun: null,
      recentRuns: [],
      source: { kind: "airtable", description: fake.baseId },
    });
    expect(JSON.stringify(status)).not.toContain(fake.token);
  });

  it("runs a full sync for an admin and answers the spec's results", async () => {
    const res = await post("/api/admin/sync-users", admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = syncResultsSchema.parse(res.json());
    expect(body).toMatchObject({
      success: true,
      results: { processed: 3 + 6 + 3, synced: 12, errors: 0, errorDetails: [] },
      run: { kind: "full", trigger: "admin", status: "succeeded", startedBy: admin.user.name },
    });

    const status = importStatusSchema.parse((await get("/api/admin/import-status", admin.cookie)).json());
    expect(status.importCompleted).toBe(true);
    expect(status.database).toMatchObject({
      totalUsers: 5,
      usersWithUid: 3,
      successRate: 60,
      linkedinAccounts: 6,
      profileOptimizations: 3,
      pendingWriteBacks: 0,
    });
    expect(status.recentRuns[0]?.id).toBe(body.run.id);
    expect(status.message).toBe("Import completed: 3 of 5 users are linked to the Airtable base.");
  });

  it("runs an incremental sync when asked, and refuses an unknown kind with a 400", async () => {
    const ok = await post("/api/admin/sync-users", admin.cookie, { kind: "incremental" });
    expect(ok.json().run.kind).toBe("incremental");
    const bad = await post("/api/admin/sync-users", admin.cookie, { kind: "everything" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^kind: /);
  });

  it("answers 502 with the reason when the base cannot be read", async () => {
    fake.injectFault({ kind: "status", status: 403, table: TABLE.users });
    const res = await post("/api/admin/sync-users", admin.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^Sync failed: Users: Airtable answered 403/);
  });

  it("syncs a customer's own accounts, and no one else's", async () => {
    const imported = base.customers[0];
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.uid, imported?.uid ?? ""));
    await t.database.db
      .update(users)
      .set({ passwordHash: "claimed" })
      .where(eq(users.id, row?.id ?? -1));
    const { token } = await createSession(t.database.db, t.config.session, row?.id ?? -1);
    const cookie = `${t.config.session.cookieName}=${token}`;

    const mine = await post(`/api/linkedin-sync/user/${imported?.uid}`, cookie);
    expect(mine.statusCode).toBe(200);
    expect(userSyncResponseSchema.parse(mine.json())).toMatchObject({
      success: true,
      message: "Synced 2 LinkedIn accounts and 1 profile optimization",
      result: { synced: 2, processed: 2, errors: 0 },
    });

    fake.resetRequests();
    const theirs = await post(`/api/linkedin-sync/user/${base.customers[1]?.uid}`, cookie);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ error: "You can only sync your own accounts" });
    expect(fake.requests()).toHaveLength(0);

    expect((await post(`/api/linkedin-sync/user/${imported?.uid}`)).statusCode).toBe(401);
    const asAdmin = await post(`/api/linkedin-sync/user/${imported?.uid}`, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
  });

  it("answers 404 when an admin names a UID no customer has, without reading the base", async () => {
    fake.resetRequests();
    const res = await post("/api/linkedin-sync/user/abc", admin.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "No customer has this UID" });
    expect(fake.requests()).toHaveLength(0);
  });

  it("refuses a UID with control characters before anything runs", async () => {
    const res = await post("/api/linkedin-sync/user/%00", admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringMatching(/^uid: /) });
  });

  it("limits how often a customer can sync", async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await post(`/api/linkedin-sync/user/${customer.user.uid}`, customer.cookie)).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe("settings written back to the operator's base", () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let base: BaseContents;

  beforeAll(async () => {
    base = airtableBase({ customers: 2, accountsPerCustomer: 0 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      syncSource: (db) => testAirtableSource(db.db, fake, { requestsPerSecond: 100, attempts: 2 }),
    });
    await t.app.sync.run({ kind: "full", trigger: "admin" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function signInAs(uid: string) {
    const [user] = await t.database.db.select().from(users).where(eq(users.uid, uid));
    if (!user) throw new Error("not imported");
    const { token } = await createSession(t.database.db, t.config.session, user.id);
    return { user, cookie: `${t.config.session.cookieName}=${token}` };
  }
  const save = (id: number, cookie: string, body: object) =>
    t.app.inject({
      method: "PUT",
      url: `/api/user/${id}`,
      payload: body,
      headers: { ...sameOrigin, cookie },
    });

  it("writes the change to the customer's record and says it is synced", async () => {
    const { user, cookie } = await signInAs(base.customers[0]?.uid ?? "");
    const res = await save(user.id, cookie, { email: user.email, name: "New Name", username: "newname" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "New Name", airtableSync: "synced" });
    const record = fake.records(TABLE.users).find((r) => r.id === user.airtableRecordId);
    expect(record?.fields).toMatchObject(userFields({ name: "New Name", username: "newname" }));
    const patch = fake.requests().find((r) => r.method === "PATCH");
    expect(patch?.body).toEqual({
      records: [
        {
          id: user.airtableRecordId,
          fields: userFields({ email: user.email, name: "New Name", username: "newname" }),
        },
      ],
    });
  });

  it("says pending when the base is down, and delivers the newest profile once it is back", async () => {
    const { user, cookie } = await signInAs(base.customers[1]?.uid ?? "");
    fake.injectFault({ kind: "status", status: 503, method: "PATCH", times: 2 });
    const first = await save(user.id, cookie, { email: user.email, name: "First Try", username: "" });
    expect(first.json()).toMatchObject({ name: "First Try", airtableSync: "pending" });
    const [entry] = await t.database.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.supersedeKey, writeBackKey(user.id)));
    expect(entry).toMatchObject({ kind: "airtable-write-back", doneAt: null, attempts: 1 });
    expect(entry?.lastError).toMatch(/503/);

    // A second change while the first waits: it is the one delivered.
    await t.database.db.update(outboxJobs).set({ nextAttemptAt: new Date(Date.now() + 3600_000) });
    fake.injectFault({ kind: "status", status: 503, method: "PATCH", times: 2 });
    const second = await save(user.id, cookie, { email: user.email, name: "Second Try", username: "" });
    expect(second.json().airtableSync).toBe("pending");

    await t.database.db.update(outboxJobs).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await t.app.sync.writeBack.deliverDue()).toBe(1);
    const record = fake.records(TABLE.users).find((r) => r.id === user.airtableRecordId);
    expect(record?.fields.Name).toBe("Second Try");
    // An empty username clears the field in the base.
    expect(record?.fields.Username ?? null).toBeNull();
    const left = await t.database.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.supersedeKey, writeBackKey(user.id)));
    expect(left).toHaveLength(2);
    expect(left.every((e) => e.doneAt !== null)).toBe(true);
    expect(await t.app.sync.writeBack.deliverDue()).toBe(0);
  });

  it("says not-linked for a portal account with no record in the base", async () => {
    const local = await signedInUser(t.database.db, t.config);
    const res = await save(local.user.id, local.cookie, { email: local.user.email, name: "Local Only" });
    expect(res.json().airtableSync).toBe("not-linked");
    expect(
      await t.database.db
        .select()
        .from(outboxJobs)
        .where(eq(outboxJobs.supersedeKey, writeBackKey(local.user.id))),
    ).toEqual([]);
  });
});
