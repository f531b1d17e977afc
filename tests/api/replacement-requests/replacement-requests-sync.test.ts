/**
 * Replacement requests and the operator's base (decision 040): the write-back of a request to the
 * fake Airtable base through faults on the way, and the operator's answers coming back with the sync,
 * each status change notified once.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  REQUEST_WRITE_BACK_KIND,
  requestWriteBackKey,
} from "../../../src/server/features/sync/request-write-back";
import {
  linkedinAccounts,
  notifications,
  outboxJobs,
  replacementRequests,
  users,
} from "../../../src/server/platform/db/schema";
import { createSession } from "../../../src/server/platform/http/session-store";
import { replacementRequestListSchema } from "../../../src/shared/api/replacement-requests";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import {
  airtableBase,
  type BaseContents,
  requestFields,
  TABLE,
  testAirtableSource,
} from "../../support/airtable-base";
import { createTestApp, type TestApp } from "../../support/test-app";

describe("replacement requests and the operator's Airtable base", () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let base: BaseContents;
  let cookie: string;
  let customer: { id: number; uid: string };
  let accounts: Array<typeof linkedinAccounts.$inferSelect>;

  beforeEach(async () => {
    base = airtableBase({ customers: 2, accountsPerCustomer: 4 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      syncSource: (db) =>
        testAirtableSource(db.db, fake, { requestsPerSecond: 100, penaltyMs: 20, timeoutMs: 400 }),
    });
    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    const [row] = await db()
      .select({ id: users.id, uid: users.uid })
      .from(users)
      .where(eq(users.uid, base.customers[0]?.uid ?? ""));
    if (!row) throw new Error("customer not synced");
    customer = row;
    accounts = await db().select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, customer.id));
    const { token } = await createSession(db(), t.config.session, customer.id);
    cookie = `${t.config.session.cookieName}=${token}`;
    fake.resetRequests();
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;
  const account = (status: string) => {
    const found = accounts.find((a) => a.status === status);
    if (!found) throw new Error(`no ${status} account`);
    return found;
  };
  const report = async (status = "Wrong Password") => {
    const res = await t.post(
      "/api/replacement-requests",
      { accountId: account(status).id, kind: "wrong_password", wish: "replacement", note: "=SUM(1)" },
      { headers: { cookie } },
    );
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const requestRow = async (id: number) =>
    (await db().select().from(replacementRequests).where(eq(replacementRequests.id, id)))[0];
  /** Makes every waiting job due now, as its back-off would in time. */
  const dueNow = () =>
    db().update(outboxJobs).set({ nextAttemptAt: sql`now()` }).where(sql`${outboxJobs.doneAt} is null`);
  const requests = () => fake.records(TABLE.requests);
  const posts = () => fake.requests().filter((r) => r.method === "POST");
  const listed = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/replacement-requests", headers: { cookie } });
    return replacementRequestListSchema.parse(res.json()).requests;
  };

  it("creates the request's record in the base with every field, and keeps its record id", async () => {
    const id = await report();
    await t.app.outbox.drain();
    const records = requests();
    expect(records).toHaveLength(1);
    const reported = account("Wrong Password");
    expect(records[0]?.fields).toEqual({
      "Portal Request ID": String(id),
      UID: customer.uid,
      "Account Record ID": reported.airtableRecordId,
      Account: `${reported.firstName} ${reported.lastName}`,
      Kind: "Wrong password",
      Wish: "Replacement",
      Note: "=SUM(1)",
      Status: "Submitted",
      "Requested At": (await requestRow(id))?.createdAt.toISOString(),
    });
    expect((await requestRow(id))?.airtableRecordId).toBe(records[0]?.id);
    expect(posts()).toHaveLength(1);
    expect((await listed())[0]).toMatchObject({ id, delivered: true });
  });

  it("gets through a 429 and a 500 on the way, creating the record once", async () => {
    fake.injectFault({ kind: "status", status: 429, method: "POST" });
    fake.injectFault({ kind: "status", status: 500, method: "POST" });
    const id = await report();
    await t.app.outbox.drain();
    // The 429 was waited out; the 500 came after the create was sent, so this attempt stops there.
    expect(requests()).toHaveLength(0);
    const [job] = await db()
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.supersedeKey, requestWriteBackKey(id)));
    expect(job).toMatchObject({ kind: REQUEST_WRITE_BACK_KIND, doneAt: null, attempts: 1 });
    expect(job?.lastError).toMatch(/500/);
    expect((await listed())[0]?.delivered).toBe(false);

    await dueNow();
    await t.app.outbox.drain();
    expect(requests()).toHaveLength(1);
    expect(posts().map((r) => r.status)).toEqual([429, 500, 200]);
    expect((await requestRow(id))?.airtableRecordId).toBe(requests()[0]?.id);
    const [done] = await db()
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.supersedeKey, requestWriteBackKey(id)));
    expect(done?.doneAt).not.toBeNull();
  });

  it("does not create a record twice when the base took a create whose answer was lost", async () => {
    fake.injectFault({ kind: "slow", delayMs: 1_500, method: "POST" });
    const id = await report();
    await t.app.outbox.drain();
    // The base made the record, but the portal never heard so.
    expect(requests()).toHaveLength(1);
    expect((await requestRow(id))?.airtableRecordId).toBeNull();

    await dueNow();
    await t.app.outbox.drain();
    expect(requests()).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    // The second attempt looked the record up by its Portal Request ID.
    const lookup = fake.requests().filter((r) => r.method === "GET" && r.table === TABLE.requests);
    expect(lookup.at(-1)?.query.filterByFormula).toBe(`{Portal Request ID} = '${id}'`);
    expect((await requestRow(id))?.airtableRecordId).toBe(requests()[0]?.id);
  });

  it("writes a withdrawal to the request's record", async () => {
    const id = await report();
    await t.app.outbox.drain();
    const res = await t.post(`/api/replacement-requests/${id}/withdraw`, {}, { headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(requests()[0]?.fields.Status).toBe("Withdrawn");
    const patch = fake.requests().filter((r) => r.method === "PATCH");
    expect(patch).toHaveLength(1);
    expect(patch[0]?.body).toEqual({ records: [{ id: requests()[0]?.id, fields: { Status: "Withdrawn" } }] });
    // The next sync reads "Withdrawn" back and the request stays withdrawn.
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect((await requestRow(id))?.status).toBe("withdrawn");
  });

  it("brings the operator's answers back with the sync, and notifies each change once", async () => {
    const id = await report();
    await t.app.outbox.drain();
    const recordId = requests()[0]?.id ?? "";
    const replacement = account("Signed In");

    fake.update(TABLE.requests, recordId, requestFields({ status: "in progress" }));
    await t.app.sync.run({ kind: "incremental", trigger: "schedule" });
    expect(await requestRow(id)).toMatchObject({ status: "in_progress" });
    const inProgressAt = (await requestRow(id))?.statusChangedAt;

    fake.update(
      TABLE.requests,
      recordId,
      requestFields({ status: "Replaced", replacementRecordId: replacement.airtableRecordId }),
    );
    const first = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(first.run.status).toBe("succeeded");
    expect(first.tables.replacementRequests).toMatchObject({ synced: 1, errors: 0, removed: 0 });
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    await t.app.sync.run({ kind: "incremental", trigger: "schedule" });

    const row = await requestRow(id);
    expect(row).toMatchObject({ status: "replaced", replacementRecordId: replacement.airtableRecordId });
    expect(row?.statusChangedAt.getTime()).toBeGreaterThan(inProgressAt?.getTime() ?? 0);
    const label = `${replacement.firstName} ${replacement.lastName}`;
    expect((await listed())[0]).toMatchObject({
      status: "replaced",
      replacementAccount: { id: replacement.id, label },
    });
    const entries = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.id))
      .orderBy(notifications.id);
    const reported = account("Wrong Password");
    expect(entries.map((e) => [e.kind, e.dedupeKey, e.detail, e.link])).toEqual([
      [
        "request_status_changed",
        `request:${id}:in_progress`,
        { account: `${reported.firstName} ${reported.lastName}`, to: "in_progress", replacement: null },
        "/accounts/requests",
      ],
      [
        "request_status_changed",
        `request:${id}:replaced`,
        { account: `${reported.firstName} ${reported.lastName}`, to: "replaced", replacement: label },
        "/accounts/requests",
      ],
    ]);
  });

  it("brings a decline with the operator's note back in the customer's own sync", async () => {
    const id = await report("Restricted - Submit ID");
    await t.app.outbox.drain();
    fake.update(
      TABLE.requests,
      requests()[0]?.id ?? "",
      requestFields({ status: "DECLINED", operatorNote: "The account was banned for spam" }),
    );
    fake.resetRequests();
    const { run, tables } = await t.app.sync.run({ kind: "user", trigger: "customer", uid: customer.uid });
    expect(run.status).toBe("succeeded");
    expect(tables.replacementRequests?.synced).toBe(1);
    expect(await requestRow(id)).toMatchObject({
      status: "declined",
      operatorNote: "The account was banned for spam",
    });
    expect((await listed())[0]).toMatchObject({
      status: "declined",
      operatorNote: "The account was banned for spam",
    });
    const filter = fake.requests().find((r) => r.method === "GET" && r.table === TABLE.requests);
    expect(filter?.query.filterByFormula).toBe(`{UID} = '${customer.uid}'`);
  });

  it("leaves a request alone while its own write-back waits, and reports records it does not know", async () => {
    const id = await report();
    await t.app.outbox.drain();
    const recordId = requests()[0]?.id ?? "";
    // The customer withdraws; the base is unreachable, so the withdrawal waits.
    fake.injectFault({ kind: "status", status: 503, method: "PATCH", times: "all" });
    await t.post(`/api/replacement-requests/${id}/withdraw`, {}, { headers: { cookie } });
    await t.app.outbox.drain();
    fake.clearFaults();
    // Meanwhile the operator, not seeing it yet, takes it up.
    fake.update(TABLE.requests, recordId, requestFields({ status: "In progress" }));
    fake.insert(TABLE.requests, [
      { fields: requestFields({ portalRequestId: "987654", status: "Fixed" }) },
      { fields: requestFields({ portalRequestId: "not-a-number", status: "Fixed" }) },
      { fields: requestFields({ status: "Fixed" }) },
    ]);
    fake.insert(TABLE.requests, [
      { fields: requestFields({ portalRequestId: String(id + 1000), status: "Lost" }) },
    ]);
    const { run, errorDetails, tables } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect((await requestRow(id))?.status).toBe("withdrawn");
    expect(tables.replacementRequests).toMatchObject({ processed: 5, errors: 4 });
    expect(run.status).toBe("succeeded");
    const messages = errorDetails.filter((d) => d.table === TABLE.requests).map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Portal Request ID: no request of this portal has the id 987654",
        'Portal Request ID: is not a request of this portal (got "not-a-number")',
        "Portal Request ID: is required",
        'Status: is not a request status (got "Lost")',
      ]),
    );
    expect(await db().select().from(notifications)).toEqual([]);
    // Once the withdrawal reaches the base, the request stays withdrawn whatever the base says.
    await dueNow();
    await t.app.outbox.drain();
    expect(fake.records(TABLE.requests).find((r) => r.id === recordId)?.fields.Status).toBe("Withdrawn");
    fake.update(TABLE.requests, recordId, requestFields({ status: "Fixed" }));
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect((await requestRow(id))?.status).toBe("withdrawn");
    expect(await db().select().from(notifications)).toEqual([]);
  });
});
