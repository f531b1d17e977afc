import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeBackKey } from "../../../src/server/features/sync/write-back";
import {
  linkedinAccounts,
  outboxJobs,
  profileOptimizations,
  syncRuns,
  transactions,
  users,
} from "../../../src/server/platform/db/schema";
import { createSession } from "../../../src/server/platform/http/session-store";
import { unfitNameCharacter } from "../../../src/shared/api/outside-identity";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import {
  accountFields,
  airtableBase,
  type BaseContents,
  TABLE,
  testAirtableSource,
  userFields,
} from "../../support/airtable-base";
import { readMailbox } from "../../support/mailbox";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser, signedInUser } from "../../support/users";

describe("sync from an Airtable base", () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let base: BaseContents;

  beforeEach(async () => {
    base = airtableBase({
      customers: 3,
      accountsPerCustomer: 4,
      optimizationsPerCustomer: 1,
      transactionsPerCustomer: 2,
    });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      syncSource: (db) => testAirtableSource(db.db, fake, { requestsPerSecond: 100 }),
    });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;
  const accountIds = () => fake.records(TABLE.accounts).map((r) => r.id);

  it("imports every table in full, with secrets encrypted and the account type normalised", async () => {
    const { run, tables } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    expect(run.processed).toBe(3 + 12 + 3 + 6);
    expect(run.synced).toBe(run.processed);
    expect(run.errors).toBe(0);
    expect(tables.linkedinAccounts?.synced).toBe(12);

    const customer = base.customers[0];
    if (!customer) throw new Error("no customer");
    const [user] = await db().select().from(users).where(eq(users.uid, customer.uid));
    expect(user).toMatchObject({
      email: customer.email,
      name: customer.name,
      role: "customer",
      passwordHash: null,
    });
    expect(user?.lastSyncedAt).toBeInstanceOf(Date);

    const accounts = await db()
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, user?.id ?? -1));
    expect(accounts).toHaveLength(4);
    const first = accounts.find((a) => a.firstName === "First0-0");
    expect(first).toMatchObject({
      accountType: "lite",
      status: "Signed In",
      isPremium: true,
      connectionsCount: 100,
    });
    expect(first?.twoFaRecoveryCodeCount).toBe(3);
    expect(accounts.find((a) => a.firstName === "First0-3")?.accountType).toBe("navigator");
    // Stored sealed, and only the configured key opens it.
    expect(first?.linkedinPasswordEncrypted).not.toContain("pw-0-0");
    expect(t.app.sync.secretBox.open(first?.linkedinPasswordEncrypted ?? "")).toBe("pw-0-0");
    expect(t.app.sync.secretBox.open(first?.proxyPasswordEncrypted ?? "")).toBe("proxy-0-0");
    expect(t.app.sync.secretBox.open(first?.twoFaSecretEncrypted ?? "")).toBe("JBSWY3DPEHPK3PXP");
    // The proxy URL's own copy of the credentials is dropped: the password is stored sealed on its own.
    expect(first?.proxyUrl).toBe("http://203.0.113.1:3128");

    // Nothing secret reaches the logs, not even in the run's own log lines.
    expect(t.logs()).toContain("sync run finished");
    for (const secret of ["pw-0-0", "proxy-0-0", "JBSWY3DPEHPK3PXP", "aaaa-1111", fake.token]) {
      expect(t.logs()).not.toContain(secret);
    }

    expect(await db().select().from(profileOptimizations)).toHaveLength(3);
    expect(await db().select().from(transactions)).toHaveLength(6);
    for (const request of fake.requests()) {
      expect(request.query.pageSize).toBe("100");
      expect(request.query.filterByFormula).toBeUndefined();
    }
  });

  it("runs again without duplicating anything", async () => {
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(await db().select().from(linkedinAccounts)).toHaveLength(12);
    expect(await db().select().from(users)).toHaveLength(3);
  });

  it("reads only the records changed since the last run when incremental", async () => {
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const [changed] = accountIds();
    fake.update(TABLE.accounts, changed ?? "", accountFields({ status: "Wrong Password" }));
    fake.resetRequests();

    const { run } = await t.app.sync.run({ kind: "incremental", trigger: "schedule" });
    expect(run.status).toBe("succeeded");
    expect(run.processed).toBe(1);
    for (const request of fake.requests()) {
      expect(request.query.filterByFormula).toMatch(/^IS_AFTER\(LAST_MODIFIED_TIME\(\), '.+'\)$/);
    }
    const [row] = await db()
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.airtableRecordId, changed ?? ""));
    expect(row?.status).toBe("Wrong Password");
  });

  it("removes rows whose records are gone on a full run, not on an incremental one", async () => {
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const [gone] = accountIds();
    fake.remove(TABLE.accounts, gone ?? "");

    await t.app.sync.run({ kind: "incremental", trigger: "schedule" });
    expect(await db().select().from(linkedinAccounts)).toHaveLength(12);

    const { tables } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(tables.linkedinAccounts?.removed).toBe(1);
    const left = await db().select().from(linkedinAccounts);
    expect(left).toHaveLength(11);
    expect(left.map((a) => a.airtableRecordId)).not.toContain(gone);
  });

  it("removes nothing on the word of a table that reads empty, and says so", async () => {
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    for (const id of accountIds()) fake.remove(TABLE.accounts, id);
    const { errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(errorDetails).toEqual([
      { table: TABLE.accounts, recordId: null, message: "No records were read, so none were removed" },
    ]);
    expect(await db().select().from(linkedinAccounts)).toHaveLength(12);
  });

  it("deletes a customer who never signed in when their record goes, but only unlinks one who did", async () => {
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const [neverSignedIn, signedIn] = fake.records(TABLE.users);
    const claimedUid = base.customers[1]?.uid ?? "";
    await db().update(users).set({ passwordHash: "argon2-hash" }).where(eq(users.uid, claimedUid));
    fake.remove(TABLE.users, neverSignedIn?.id ?? "");
    fake.remove(TABLE.users, signedIn?.id ?? "");

    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const remaining = await db().select().from(users);
    expect(remaining.map((u) => u.uid).sort()).toEqual([claimedUid, base.customers[2]?.uid].sort());
    expect(remaining.find((u) => u.uid === claimedUid)?.airtableRecordId).toBeNull();
  });

  it("reports bad records one by one in the operator's field names and syncs the rest", async () => {
    const [badUid, noType, badType] = fake.insert(TABLE.accounts, [
      { fields: accountFields({ uid: "no-such-customer", accountType: "lite" }) },
      { fields: accountFields({ uid: base.customers[0]?.uid, firstName: "Typeless" }) },
      { fields: accountFields({ uid: base.customers[0]?.uid, accountType: "gold" }) },
    ]);
    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    expect(run.errors).toBe(3);
    expect(errorDetails).toEqual(
      expect.arrayContaining([
        {
          table: TABLE.accounts,
          recordId: badUid?.id,
          message: 'UID: no customer has the UID "no-such-customer"',
        },
        { table: TABLE.accounts, recordId: noType?.id, message: "Account Type: is required" },
        {
          table: TABLE.accounts,
          recordId: badType?.id,
          message: 'Account Type: must be lite, plus, exec or navigator (got "gold")',
        },
      ]),
    );
    expect(await db().select().from(linkedinAccounts)).toHaveLength(12);
    const [stored] = await db().select().from(syncRuns).where(eq(syncRuns.id, run.id));
    expect(stored?.errorDetails).toHaveLength(3);
  });

  it("reports a record with a control character or a script link like any bad record, and the run goes on", async () => {
    const uid = base.customers[0]?.uid;
    // A U+0000 in one record's text used to fail the page's write, and with it every full sync.
    const [nul, terminalEscape, script] = fake.insert(TABLE.accounts, [
      { fields: accountFields({ uid, accountType: "lite", notes: "before\u0000after" }) },
      { fields: accountFields({ uid, accountType: "lite", firstName: "Ann\u001b[2J" }) },
      {
        fields: accountFields({ uid, accountType: "lite", profileUrl: "javascript:alert(document.cookie)" }),
      },
    ]);
    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    expect(errorDetails).toEqual([
      { table: TABLE.accounts, recordId: nul?.id, message: "Notes: holds the control character U+0000" },
      {
        table: TABLE.accounts,
        recordId: terminalEscape?.id,
        message: "First Name: holds the control character U+001B",
      },
      {
        table: TABLE.accounts,
        recordId: script?.id,
        message:
          'Profile URL: must be a web address starting with https:// (got "javascript:alert(document.cookie)")',
      },
    ]);
    const stored = await db().select().from(linkedinAccounts);
    expect(stored).toHaveLength(12);
    expect(stored.some((row) => row.profileUrl?.startsWith("javascript:"))).toBe(false);
  });

  it("reports and skips a customer whose Email is not one plain address, and mails nothing to what it adds", async () => {
    expect((await t.app.sync.run({ kind: "full", trigger: "admin" })).run.status).toBe("succeeded");
    const [first, second] = fake.records(TABLE.users);
    const good = base.customers[0]?.email ?? "";
    const [customer] = await db().select().from(users).where(eq(users.email, good));
    if (!first || !second || !customer) throw new Error("no customer");
    const { token } = await createSession(db(), t.config.session, customer.id);
    const injected = `${good}\r\nBcc: injected@evil.example`;
    fake.update(TABLE.users, first.id, userFields({ email: injected, name: "Renamed" }));
    fake.update(TABLE.users, second.id, userFields({ email: "one@example.com, two@example.com" }));
    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    expect(errorDetails).toEqual([
      { table: TABLE.users, recordId: first.id, message: "Email: is not one plain email address" },
      { table: TABLE.users, recordId: second.id, message: "Email: is not one plain email address" },
    ]);
    // The customer keeps what they had; the others are synced.
    const [kept] = await db().select().from(users).where(eq(users.id, customer.id));
    expect(kept).toMatchObject({ email: good, name: base.customers[0]?.name });
    expect(await db().select().from(linkedinAccounts)).toHaveLength(12);
    const stored = await db().select({ email: users.email }).from(users);
    expect(stored.filter((u) => u.email.includes("evil.example") || u.email.includes(","))).toEqual([]);

    const resend = await t.post(
      "/api/user/email/verify/resend",
      {},
      { headers: { cookie: `${t.config.session.cookieName}=${token}` } },
    );
    expect(resend.statusCode).toBe(200);
    const mailbox = await readMailbox(t.app);
    expect(mailbox.filter((mail) => mail.to.includes("evil.example"))).toEqual([]);
    expect(mailbox.filter((mail) => mail.to === good)).toHaveLength(1);
  });

  it("refuses a customer's Name with a control, invisible or text-direction character, as Settings does", async () => {
    const [first, second, third] = fake.records(TABLE.users);
    if (!first || !second || !third) throw new Error("no customers");
    fake.update(TABLE.users, first.id, userFields({ name: "Ann\u202eyelsew" }));
    fake.update(TABLE.users, second.id, userFields({ name: "Zero\u200bWidth" }));
    fake.update(TABLE.users, third.id, userFields({ name: "Two\r\nLines" }));
    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    expect(errorDetails.filter((e) => e.table === TABLE.users)).toEqual([
      {
        table: TABLE.users,
        recordId: first.id,
        message: "Name: holds the invisible or text-direction character U+202E",
      },
      {
        table: TABLE.users,
        recordId: second.id,
        message: "Name: holds the invisible or text-direction character U+200B",
      },
      { table: TABLE.users, recordId: third.id, message: "Name: holds the control character U+000D" },
    ]);
    const names = (await db().select({ name: users.name }).from(users)).map((u) => u.name);
    expect(names.some((name) => unfitNameCharacter(name) !== undefined)).toBe(false);
  });

  it("writes a page the database refuses record by record, reports the refused record, and the run succeeds", async () => {
    const uid = base.customers[0]?.uid;
    // Passes the mapper (an ISO date), but PostgreSQL has no year 0: SQLSTATE 22008 for the page.
    const [yearZero] = fake.insert(TABLE.accounts, [
      { fields: accountFields({ uid, accountType: "lite", firstName: "Year", lastModified: "0000-01-01" }) },
    ]);
    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    expect(errorDetails).toEqual([
      {
        table: TABLE.accounts,
        recordId: yearZero?.id,
        message: expect.stringMatching(/^Record: the database refused it \(22008: .+\)$/),
      },
    ]);
    expect(await db().select().from(linkedinAccounts)).toHaveLength(12);
    expect(run.synced).toBe(3 + 12 + 3 + 6);

    // The admin's sync answers with the run, not 502.
    const admin = await signedInUser(db(), t.config, { role: "admin" });
    const res = await t.post(
      "/api/admin/sync-users",
      { kind: "full" },
      { headers: { cookie: admin.cookie } },
    );
    expect(res.statusCode).toBe(200);
  });

  it("refuses a record whose email belongs to an unverified portal account it is not linked to, and imports the others", async () => {
    const taken = base.customers[0]?.email ?? "";
    const local = await insertUser(db(), { email: taken.toUpperCase(), name: "Registered Here" });
    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(errorDetails.filter((e) => e.table === TABLE.users)).toEqual([
      {
        table: TABLE.users,
        recordId: fake.records(TABLE.users)[0]?.id,
        message:
          "Email: a portal account with this email exists but its email is not verified yet: the customer must follow the verification link (they can resend it from the dashboard)",
      },
    ]);
    expect(run.synced).toBeGreaterThan(0);
    const [mine] = await db().select().from(users).where(eq(users.id, local.id));
    expect(mine).toMatchObject({ name: "Registered Here", airtableRecordId: null });
    // That customer's accounts have no owner here, so they wait, reported, for the clash to be resolved.
    expect(errorDetails.filter((e) => e.table === TABLE.accounts)).toHaveLength(4);
  });

  it("never touches a customer's password, Google id or role, and leaves a profile with a pending write-back alone", async () => {
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const [first, second] = base.customers;
    await db()
      .update(users)
      .set({ passwordHash: "kept-hash", googleId: "google-1", role: "admin" })
      .where(eq(users.uid, first?.uid ?? ""));
    const [pendingUser] = await db()
      .select()
      .from(users)
      .where(eq(users.uid, second?.uid ?? ""));
    await db()
      .insert(outboxJobs)
      .values({
        kind: "airtable-write-back",
        supersedeKey: writeBackKey(pendingUser?.id ?? -1),
        payload: {
          userId: pendingUser?.id ?? -1,
          recordId: pendingUser?.airtableRecordId ?? "",
          fields: { email: pendingUser?.email ?? "", name: "Changed In Portal", username: null },
        },
      });
    await db()
      .update(users)
      .set({ name: "Changed In Portal" })
      .where(eq(users.id, pendingUser?.id ?? -1));
    const [firstRecord, secondRecord] = fake.records(TABLE.users);
    fake.update(TABLE.users, firstRecord?.id ?? "", userFields({ name: "Renamed In Base" }));
    fake.update(TABLE.users, secondRecord?.id ?? "", userFields({ name: "Also Renamed In Base" }));

    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const [updated] = await db()
      .select()
      .from(users)
      .where(eq(users.uid, first?.uid ?? ""));
    expect(updated).toMatchObject({
      name: "Renamed In Base",
      passwordHash: "kept-hash",
      googleId: "google-1",
      role: "admin",
    });
    const [pending] = await db()
      .select()
      .from(users)
      .where(eq(users.id, pendingUser?.id ?? -1));
    expect(pending?.name).toBe("Changed In Portal");
  });

  it("syncs one customer's accounts, optimizations and replacement requests, and removes theirs that are gone", async () => {
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const customer = base.customers[1];
    const theirs = fake
      .records(TABLE.accounts)
      .filter((r) => JSON.stringify(r.fields.UID) === JSON.stringify([customer?.uid]));
    fake.remove(TABLE.accounts, theirs[0]?.id ?? "");
    fake.update(TABLE.accounts, theirs[1]?.id ?? "", accountFields({ firstName: "Updated" }));
    fake.resetRequests();

    const { run, tables } = await t.app.sync.run({ kind: "user", trigger: "customer", uid: customer?.uid });
    expect(run.status).toBe("succeeded");
    expect(tables.linkedinAccounts).toMatchObject({ processed: 3, synced: 3, removed: 1 });
    expect(tables.profileOptimizations).toMatchObject({ processed: 1, synced: 1 });
    expect(
      fake
        .requests()
        .map((r) => r.table)
        .sort(),
    ).toEqual([TABLE.accounts, TABLE.optimizations, TABLE.requests]);
    for (const request of fake.requests())
      expect(request.query.filterByFormula).toBe(`{UID} = '${customer?.uid}'`);
    expect(await db().select().from(linkedinAccounts)).toHaveLength(11);
    const [renamed] = await db()
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.airtableRecordId, theirs[1]?.id ?? ""));
    expect(renamed?.firstName).toBe("Updated");
  });
});
