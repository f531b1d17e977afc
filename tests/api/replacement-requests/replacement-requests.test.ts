/**
 * Replacement requests (decision 040): a customer reports their own account, lists and withdraws
 * their own requests; bad input and other customers' ids change nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  REQUEST_WRITE_BACK_KIND,
  requestWriteBackKey,
} from "../../../src/server/features/sync/request-write-back";
import {
  auditEvents,
  type LinkedinAccountRow,
  outboxJobs,
  replacementRequests,
} from "../../../src/server/platform/db/schema";
import { linkedinAccountListSchema } from "../../../src/shared/api/linkedin-accounts";
import {
  replacementRequestListSchema,
  replacementRequestSchema,
} from "../../../src/shared/api/replacement-requests";
import { insertAccount } from "../../support/linkedin-accounts";
import { createTestApp, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInCast } from "../../support/users";

describe("replacement requests", () => {
  let t: TestApp;
  let dataDir: string;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let wrongPassword: LinkedinAccountRow;
  let restricted: LinkedinAccountRow;
  let signedIn: LinkedinAccountRow;
  let emailOnly: LinkedinAccountRow;
  let bobs: LinkedinAccountRow;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "portal-requests-"));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const db = t.database.db;
    ({ alice, bob } = await signedInCast(db, t.config));
    wrongPassword = await insertAccount(
      db,
      alice.user,
      {},
      {
        status: "Wrong Password",
        firstName: "Ana",
        lastName: "Berlin",
      },
    );
    restricted = await insertAccount(db, alice.user, {}, { status: "Restricted - Submit ID" });
    signedIn = await insertAccount(db, alice.user, {}, { status: "Signed In" });
    emailOnly = await insertAccount(
      db,
      alice.user,
      {},
      {
        status: "wrong password",
        firstName: null,
        lastName: " ",
        linkedinEmail: "only-email@example.test",
      },
    );
    bobs = await insertAccount(db, bob.user, {}, { status: "Wrong Password" });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.app.outbox.drain();
    await t.database.db.delete(replacementRequests);
    await t.database.db.delete(outboxJobs);
  });

  const db = () => t.database.db;
  const create = (who: SignedInUser, body: object) =>
    t.post("/api/replacement-requests", body, { headers: { cookie: who.cookie } });
  const withdraw = (who: SignedInUser, id: number | string) =>
    t.post(`/api/replacement-requests/${id}/withdraw`, {}, { headers: { cookie: who.cookie } });
  const list = (who: SignedInUser, query = "") =>
    t.app.inject({
      method: "GET",
      url: `/api/replacement-requests${query}`,
      headers: { cookie: who.cookie },
    });
  const requestCount = async () => (await db().select({ n: count() }).from(replacementRequests))[0]?.n;
  const jobCount = async () => (await db().select({ n: count() }).from(outboxJobs))[0]?.n;

  it("opens a request for the customer's own account and queues its write-back with it", async () => {
    const res = await create(alice, {
      accountId: wrongPassword.id,
      kind: "wrong_password",
      wish: "replacement",
      note: "  Password stopped working\nsince Monday  ",
    });
    expect(res.statusCode).toBe(201);
    const body = replacementRequestSchema.parse(res.json());
    expect(body).toMatchObject({
      accountId: wrongPassword.id,
      accountLabel: "Ana Berlin",
      kind: "wrong_password",
      wish: "replacement",
      note: "Password stopped working\nsince Monday",
      status: "submitted",
      operatorNote: null,
      replacementAccount: null,
    });

    const [row] = await db().select().from(replacementRequests).where(eq(replacementRequests.id, body.id));
    expect(row).toMatchObject({
      userId: alice.user.id,
      accountId: wrongPassword.id,
      accountRecordId: wrongPassword.airtableRecordId,
      accountLabel: "Ana Berlin",
      status: "submitted",
    });
    const jobs = await db()
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.supersedeKey, requestWriteBackKey(body.id)));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: REQUEST_WRITE_BACK_KIND, payload: { requestId: body.id } });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "replacement-requested"), eq(auditEvents.targetId, body.id)));
    expect(audit).toMatchObject({ actorUserId: alice.user.id, subjectUserId: alice.user.id });
  });

  it("names an account without a name by its LinkedIn email, and matches its status in any case", async () => {
    const res = await create(alice, { accountId: emailOnly.id, kind: "banned", wish: "fix" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ accountLabel: "only-email@example.test", note: "" });
  });

  it("allows one open request per account: the second is a 409 and writes nothing", async () => {
    expect(
      (await create(alice, { accountId: restricted.id, kind: "restricted", wish: "fix" })).statusCode,
    ).toBe(201);
    const again = await create(alice, {
      accountId: restricted.id,
      kind: "other",
      wish: "replacement",
      note: "x",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "This account already has an open request" });
    expect(await requestCount()).toBe(1);
    expect(await jobCount()).toBe(1);
  });

  it("lets two racing requests for one account through once: one 201, one 409, never a 500", async () => {
    const body = { accountId: restricted.id, kind: "restricted", wish: "fix" };
    const answers = await Promise.all([create(alice, body), create(alice, body), create(alice, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await requestCount()).toBe(1);
    expect(await jobCount()).toBe(1);
  });

  it("asks for a note when the account's status is not one to report without one", async () => {
    const bare = await create(alice, { accountId: signedIn.id, kind: "other", wish: "fix", note: "   " });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ error: "Tell us what is wrong with this account" });
    expect(await requestCount()).toBe(0);
    const withNote = await create(alice, {
      accountId: signedIn.id,
      kind: "other",
      wish: "fix",
      note: "It shows a captcha on every login",
    });
    expect(withNote.statusCode).toBe(201);
  });

  it("answers another customer's account as a missing one, and writes nothing", async () => {
    for (const accountId of [bobs.id, 999_999, 2_147_483_648]) {
      const res = await create(alice, { accountId, kind: "wrong_password", wish: "fix" });
      expect(res.statusCode, String(accountId)).toBe(404);
      expect(res.json()).toEqual({ error: "Account not found" });
    }
    expect(await requestCount()).toBe(0);
    expect(await jobCount()).toBe(0);
  });

  it("refuses bad bodies with a 400 in the error shape, writing nothing", async () => {
    const good = { accountId: wrongPassword.id, kind: "wrong_password", wish: "fix" };
    for (const body of [
      {},
      { ...good, accountId: String(wrongPassword.id) },
      { ...good, accountId: -1 },
      { ...good, accountId: 1.5 },
      { ...good, kind: "lost" },
      { ...good, wish: "refund" },
      { ...good, note: 42 },
      { ...good, note: "bell \u0007 ringing" },
      { ...good, note: "nul \u0000" },
      { ...good, note: "x".repeat(1001) },
      { ...good, status: "fixed" },
      { ...good, userId: bob.user.id },
    ]) {
      const res = await create(alice, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect(await requestCount()).toBe(0);
    expect(await jobCount()).toBe(0);
    // A note of exactly the maximum, over several lines, is fine.
    const longest = await create(alice, { ...good, note: `${"y".repeat(998)}\r\n` });
    expect(longest.statusCode).toBe(201);
  });

  it("lists the customer's own requests newest first, filtered and a page at a time", async () => {
    const ids: number[] = [];
    for (const account of [wrongPassword, restricted, emailOnly]) {
      const res = await create(alice, { accountId: account.id, kind: "other", wish: "fix", note: "n" });
      ids.push(res.json().id);
    }
    await create(bob, { accountId: bobs.id, kind: "banned", wish: "replacement" });
    await db()
      .update(replacementRequests)
      .set({ status: "declined", operatorNote: "Not covered" })
      .where(eq(replacementRequests.id, ids[0] ?? 0));

    const all = replacementRequestListSchema.parse((await list(alice)).json());
    expect(all.requests.map((r) => r.id)).toEqual([...ids].reverse());
    expect(all.nextCursor).toBeNull();

    const first = replacementRequestListSchema.parse((await list(alice, "?limit=2")).json());
    expect(first.requests.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = replacementRequestListSchema.parse(
      (await list(alice, `?limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.requests.map((r) => r.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();

    const open = replacementRequestListSchema.parse((await list(alice, "?status=open")).json());
    expect(open.requests.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const closed = replacementRequestListSchema.parse((await list(alice, "?status=closed")).json());
    expect(closed.requests).toMatchObject([{ id: ids[0], status: "declined", operatorNote: "Not covered" }]);
    const declined = replacementRequestListSchema.parse((await list(alice, "?status=declined")).json());
    expect(declined.requests.map((r) => r.id)).toEqual([ids[0]]);
    const byAccount = replacementRequestListSchema.parse(
      (await list(alice, `?accountId=${restricted.id}`)).json(),
    );
    expect(byAccount.requests.map((r) => r.id)).toEqual([ids[1]]);
    // Bob's account id filters Alice's list to nothing, and Bob sees only his own.
    expect((await list(alice, `?accountId=${bobs.id}`)).json()).toEqual({ requests: [], nextCursor: null });
    const bobsList = replacementRequestListSchema.parse((await list(bob)).json());
    expect(bobsList.requests.map((r) => r.accountLabel)).toEqual([`${bobs.firstName} ${bobs.lastName}`]);
  });

  it("refuses a bad filter, limit or cursor with a 400", async () => {
    for (const query of [
      "?status=lost",
      "?limit=0",
      "?limit=101",
      "?accountId=x",
      "?cursor=abc",
      "?cursor=0",
    ]) {
      const res = await list(alice, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/replacement-requests" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("withdraws a request that is still submitted, and queues the withdrawal", async () => {
    const created = (
      await create(alice, { accountId: wrongPassword.id, kind: "wrong_password", wish: "fix" })
    ).json();
    await t.app.outbox.drain();
    const res = await withdraw(alice, created.id);
    expect(res.statusCode).toBe(200);
    expect(replacementRequestSchema.parse(res.json())).toMatchObject({ id: created.id, status: "withdrawn" });
    const [row] = await db().select().from(replacementRequests).where(eq(replacementRequests.id, created.id));
    expect(row?.status).toBe("withdrawn");
    const pending = await db()
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.supersedeKey, requestWriteBackKey(created.id)));
    expect(pending).toHaveLength(2);
    const [withdrawnAudit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.kind, "replacement-request-withdrawn"), eq(auditEvents.targetId, created.id)),
      );
    expect(withdrawnAudit?.subjectUserId).toBe(alice.user.id);

    // The account may be reported again once the request is closed.
    expect(
      (await create(alice, { accountId: wrongPassword.id, kind: "other", wish: "fix" })).statusCode,
    ).toBe(201);
    const again = await withdraw(alice, created.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "Only a request that is still submitted can be withdrawn" });
  });

  it("does not withdraw a request the operator took up, nor another customer's, nor a missing one", async () => {
    const mine = (await create(alice, { accountId: restricted.id, kind: "restricted", wish: "fix" })).json();
    await db()
      .update(replacementRequests)
      .set({ status: "in_progress" })
      .where(eq(replacementRequests.id, mine.id));
    expect((await withdraw(alice, mine.id)).statusCode).toBe(409);

    const bobsRequest = (await create(bob, { accountId: bobs.id, kind: "banned", wish: "fix" })).json();
    const jobsBefore = await jobCount();
    for (const id of [bobsRequest.id, 999_999, 2_147_483_648]) {
      const res = await withdraw(alice, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ error: "Request not found" });
    }
    for (const id of ["0", "abc", "-1", "1e3"]) {
      expect((await withdraw(alice, id)).statusCode, id).toBe(400);
    }
    const [bobsRow] = await db()
      .select()
      .from(replacementRequests)
      .where(eq(replacementRequests.id, bobsRequest.id));
    expect(bobsRow?.status).toBe("submitted");
    expect(await jobCount()).toBe(jobsBefore);
  });

  it("shows the open request on its account in the accounts list, and none once it is closed", async () => {
    const created = (
      await create(alice, { accountId: wrongPassword.id, kind: "wrong_password", wish: "replacement" })
    ).json();
    const read = async () => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/accounts/linkedin/user/${alice.user.uid}`,
        headers: { cookie: alice.cookie },
      });
      expect(res.statusCode).toBe(200);
      return linkedinAccountListSchema.parse(res.json());
    };
    const accounts = await read();
    expect(accounts.find((a) => a.id === wrongPassword.id)?.openRequest).toEqual({
      id: created.id,
      status: "submitted",
      wish: "replacement",
    });
    expect(accounts.find((a) => a.id === signedIn.id)?.openRequest).toBeNull();

    await db()
      .update(replacementRequests)
      .set({ status: "in_progress" })
      .where(eq(replacementRequests.id, created.id));
    expect((await read()).find((a) => a.id === wrongPassword.id)?.openRequest?.status).toBe("in_progress");
    await db()
      .update(replacementRequests)
      .set({ status: "fixed" })
      .where(eq(replacementRequests.id, created.id));
    expect((await read()).find((a) => a.id === wrongPassword.id)?.openRequest).toBeNull();
  });
});
