import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  linkedinAccounts,
  profileOptimizations,
  transactions,
  users,
} from "../../../src/server/platform/db/schema";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import {
  airtableBase,
  type BaseContents,
  TABLE,
  testAirtableSource,
  userFields,
} from "../../support/airtable-base";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

const UNVERIFIED =
  "Email: a portal account with this email exists but its email is not verified yet: the customer must follow the verification link (they can resend it from the dashboard)";

describe("the sync and customers who registered before their record reached the portal", () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let base: BaseContents;

  beforeEach(async () => {
    base = airtableBase({
      customers: 3,
      accountsPerCustomer: 2,
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
  const customer = (i: number) => {
    const c = base.customers[i];
    if (!c) throw new Error(`no customer ${i}`);
    return c;
  };
  const recordOf = (email: string) =>
    fake.records(TABLE.users).find((r) => JSON.stringify(r.fields).includes(email))?.id;

  it("links a verified portal account to its record, keeping its sign-in, and imports what the record owns", async () => {
    const { email, uid, name } = customer(0);
    const verifiedAt = new Date(Date.now() - 60_000);
    const local = await insertUser(db(), {
      email: email.toUpperCase(),
      name: "Registered Here",
      passwordHash: "kept-hash",
      googleId: "google-kept",
      emailVerifiedAt: verifiedAt,
    });

    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    expect(errorDetails).toEqual([]);

    const [linked] = await db().select().from(users).where(eq(users.id, local.id));
    expect(linked).toMatchObject({
      airtableRecordId: recordOf(email),
      uid,
      name,
      passwordHash: "kept-hash",
      googleId: "google-kept",
      role: "customer",
      emailVerifiedAt: verifiedAt,
      createdAt: local.createdAt,
    });
    expect(linked?.lastSyncedAt).toBeInstanceOf(Date);
    // One portal account for that email: no second user was imported beside it.
    expect(await db().select().from(users)).toHaveLength(3);
    const owned = { userId: local.id };
    expect(
      await db().select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, owned.userId)),
    ).toHaveLength(2);
    expect(
      await db().select().from(profileOptimizations).where(eq(profileOptimizations.userId, owned.userId)),
    ).toHaveLength(1);
    expect(await db().select().from(transactions).where(eq(transactions.userId, owned.userId))).toHaveLength(
      2,
    );

    // A later run finds the account through its record, as for any customer.
    const again = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(again.errorDetails).toEqual([]);
    expect(await db().select().from(users)).toHaveLength(3);
  });

  it("gives the account's own rows the record's UID when linking it", async () => {
    const { email, uid } = customer(1);
    const local = await insertUser(db(), {
      email,
      password: "Sturdy-Lantern-42",
      emailVerifiedAt: new Date(),
    });
    await db().insert(transactions).values({
      userId: local.id,
      uid: local.uid,
      source: "test",
      eventId: "evt_bought_here",
      amountCents: 500,
    });

    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const [bought] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.eventId, "evt_bought_here"));
    expect(bought).toMatchObject({ userId: local.id, uid });
  });

  it("refuses to link an account whose email is not verified, and says the customer must verify it", async () => {
    const { email } = customer(0);
    const local = await insertUser(db(), { email, name: "Registered Here", password: "Sturdy-Lantern-42" });

    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(errorDetails.filter((e) => e.table === TABLE.users)).toEqual([
      { table: TABLE.users, recordId: recordOf(email), message: UNVERIFIED },
    ]);
    expect(run.synced).toBeGreaterThan(0);
    const [mine] = await db().select().from(users).where(eq(users.id, local.id));
    expect(mine).toMatchObject({ name: "Registered Here", airtableRecordId: null, uid: local.uid });
    expect(errorDetails.filter((e) => e.table === TABLE.accounts)).toHaveLength(2);

    // Verified later, the next run links it.
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, local.id));
    const next = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(next.errorDetails).toEqual([]);
    const [linked] = await db().select().from(users).where(eq(users.id, local.id));
    expect(linked?.airtableRecordId).toBe(recordOf(email));
    expect(
      await db().select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, local.id)),
    ).toHaveLength(2);
  });

  it("links nothing when the record cannot be written: its UID is another customer's", async () => {
    const { email } = customer(0);
    const other = customer(1);
    // Customer 1's record is imported first, so its UID is taken when customer 0's record claims it too.
    await t.app.sync.run({ kind: "full", trigger: "admin" });
    const local = await insertUser(db(), {
      email: `late-${Date.now()}@example.test`,
      password: "Sturdy-Lantern-42",
      emailVerifiedAt: new Date(),
    });
    await db().delete(users).where(eq(users.email, email));
    await db().update(users).set({ email }).where(eq(users.id, local.id));
    const record = fake.records(TABLE.users).find((r) => JSON.stringify(r.fields).includes(email));
    if (!record) throw new Error("no record");
    fake.update(TABLE.users, record.id, userFields({ uid: other.uid }));

    const { errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(errorDetails.filter((e) => e.table === TABLE.users)).toEqual([
      {
        table: TABLE.users,
        recordId: record.id,
        message: expect.stringContaining("already used by another customer"),
      },
    ]);
    const [mine] = await db().select().from(users).where(eq(users.id, local.id));
    expect(mine).toMatchObject({ airtableRecordId: null, uid: local.uid });
  });
});
