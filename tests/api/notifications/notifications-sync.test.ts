/**
 * What a sync finds changed becomes notifications (decision 041): an account's status, a new
 * account, an optimization's status. Each change is one entry however many runs see it, and runs at
 * once; the first import delivers nothing; a burst makes one mail, per the customer's topics.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGEST_KIND } from "../../../src/server/features/notifications/digest";
import {
  notificationPreferences,
  notifications,
  outboxJobs,
  users,
} from "../../../src/server/platform/db/schema";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import {
  accountFields,
  airtableBase,
  type BaseContents,
  optimizationFields,
  TABLE,
  testAirtableSource,
} from "../../support/airtable-base";
import { readMailbox } from "../../support/mailbox";
import { createTestApp, type TestApp } from "../../support/test-app";

const STATUS_FIELD = "Status";

describe("notifications from the sync", () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let base: BaseContents;
  let c0: { id: number; email: string; uid: string };
  let c1: { id: number; email: string; uid: string };

  const accountsOf = (uid: string) =>
    fake.records(TABLE.accounts).filter((record) => (record.fields.UID as string[] | undefined)?.[0] === uid);
  const entriesOf = (userId: number) =>
    t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id);
  const mailsTo = async (email: string) => (await readMailbox(t.app)).filter((mail) => mail.to === email);
  const sync = (kind: "full" | "incremental") => t.app.sync.run({ kind, trigger: "admin" });

  beforeAll(async () => {
    base = airtableBase({ customers: 2, accountsPerCustomer: 40, optimizationsPerCustomer: 1 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      env: { NOTIFICATION_DIGEST_SECONDS: "0" },
      syncSource: (database) => testAirtableSource(database.db, fake, { requestsPerSecond: 50 }),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("records nothing on the base's first import", async () => {
    const { run } = await sync("full");
    expect(run.status).toBe("succeeded");
    expect(await t.database.db.select().from(notifications)).toEqual([]);
    expect(await t.database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, DIGEST_KIND))).toEqual([]);
    const customers = await t.database.db.select().from(users);
    const find = (email: string) => {
      const user = customers.find((u) => u.email === email);
      if (!user) throw new Error(`no ${email}`);
      return { id: user.id, email: user.email, uid: user.uid };
    };
    c0 = find(base.customers[0]?.email ?? "");
    c1 = find(base.customers[1]?.email ?? "");
  });

  it("turns 40 flipped accounts into 40 entries and one mail listing them", async () => {
    await t.database.db.insert(notificationPreferences).values({ userId: c0.id, mail: { accounts: true } });
    for (const record of accountsOf(c0.uid))
      fake.update(TABLE.accounts, record.id, { [STATUS_FIELD]: "Banned" });
    const before = (await readMailbox(t.app)).length;

    expect((await sync("full")).run.status).toBe("succeeded");

    const entries = await entriesOf(c0.id);
    expect(entries).toHaveLength(40);
    expect(new Set(entries.map((e) => e.dedupeKey)).size).toBe(40);
    expect(entries.every((e) => e.kind === "account_status_changed" && e.link === "/accounts/linkedin")).toBe(
      true,
    );
    expect(entries.find((e) => e.detail.account === "First0-0 Last0")?.detail).toEqual({
      account: "First0-0 Last0",
      from: "Signed In",
      to: "Banned",
    });
    expect(await entriesOf(c1.id)).toEqual([]);

    const mailbox = await readMailbox(t.app);
    expect(mailbox.length - before).toBe(1);
    const [mail] = await mailsTo(c0.email);
    expect(mail?.subject).toBe("40 changes to your accounts and orders");
    expect(mail?.text).toContain("- LinkedIn account First0-0 Last0: Signed In → Banned");
    expect(mail?.text).toContain("- LinkedIn account First0-39 Last39: Restricted - Submit ID → Banned");
    expect(mail?.text.match(/^- /gm)).toHaveLength(40);
    expect(mail?.text).toContain("http://portal.test/notifications");
    expect(mail?.html).toContain('<a href="http://portal.test/notifications">');
    const unmailed = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, c0.id), isNull(notifications.mailedAt)));
    expect(unmailed).toEqual([]);
  });

  it("notifies a change once, however many runs see it", async () => {
    const mails = (await readMailbox(t.app)).length;
    expect((await sync("full")).run.status).toBe("succeeded");
    expect((await sync("incremental")).run.status).toBe("succeeded");
    await t.app.sync.run({ kind: "user", uid: c0.uid, trigger: "admin" });
    expect(await entriesOf(c0.id)).toHaveLength(40);
    expect((await readMailbox(t.app)).length).toBe(mails);
  });

  it("records one entry per change when a full run and the customer's run see it at once", async () => {
    const flipped = accountsOf(c0.uid).slice(0, 5);
    for (const record of flipped) fake.update(TABLE.accounts, record.id, { [STATUS_FIELD]: "Signed In" });
    const [full, own] = await Promise.all([
      sync("full"),
      t.app.sync.run({ kind: "user", uid: c0.uid, trigger: "admin" }),
    ]);
    expect(full.run.status).toBe("succeeded");
    expect(own.run.status).toBe("succeeded");
    const fresh = (await entriesOf(c0.id)).slice(40);
    expect(fresh).toHaveLength(5);
    expect(fresh.map((e) => e.detail.to)).toEqual(Array(5).fill("Signed In"));
    expect(new Set(fresh.map((e) => e.detail.account)).size).toBe(5);
  });

  it("lists a change in the portal but mails nothing when its topic is off", async () => {
    // Accounts are off by default for c1.
    const mails = await mailsTo(c1.email);
    for (const record of accountsOf(c1.uid).slice(0, 2)) {
      fake.update(TABLE.accounts, record.id, { [STATUS_FIELD]: "Wrong Password" });
    }
    expect((await sync("incremental")).run.status).toBe("succeeded");
    expect(await mailsTo(c1.email)).toEqual(mails);
    const entries = await entriesOf(c1.id);
    expect(entries.map((e) => e.kind)).toEqual(["account_status_changed", "account_status_changed"]);
    expect(entries.every((e) => e.mailedAt !== null)).toBe(true);
  });

  it("records a delivered account and an optimization that moved on, not a row that changed hands", async () => {
    await t.database.db
      .update(notificationPreferences)
      .set({ mail: { accounts: true, optimizations: true } })
      .where(eq(notificationPreferences.userId, c0.id));
    const countBefore = { c0: (await entriesOf(c0.id)).length, c1: (await entriesOf(c1.id)).length };
    fake.insert(TABLE.accounts, [
      {
        fields: accountFields({
          uid: [c0.uid],
          accountType: "plus",
          firstName: "Nina",
          lastName: "New",
          status: "Not Signed In",
        }),
      },
    ]);
    const [moved] = accountsOf(c1.uid).slice(-1);
    if (!moved) throw new Error("no account to move");
    fake.update(TABLE.accounts, moved.id, { UID: [c0.uid] });
    const [optimization] = fake
      .records(TABLE.optimizations)
      .filter((record) => (record.fields.UID as string[] | undefined)?.[0] === c0.uid);
    if (!optimization) throw new Error("no optimization");
    fake.update(TABLE.optimizations, optimization.id, optimizationFields({ status: "completed" }));

    expect((await sync("incremental")).run.status).toBe("succeeded");

    const fresh = (await entriesOf(c0.id)).slice(countBefore.c0);
    expect(fresh.map((e) => [e.kind, e.detail, e.link])).toEqual(
      expect.arrayContaining([
        ["account_delivered", { account: "Nina New" }, "/accounts/linkedin"],
        [
          "optimization_status_changed",
          { optimization: "Form 0", from: "in_review", to: "completed" },
          "/optimization",
        ],
      ]),
    );
    expect(fresh).toHaveLength(2);
    expect(await entriesOf(c1.id)).toHaveLength(countBefore.c1);
    const [latest] = await mailsTo(c0.email);
    expect(latest?.subject).toBe("2 changes to your accounts and orders");
    expect(latest?.text).toContain("New LinkedIn account delivered: Nina New");
    expect(latest?.text).toContain("Profile optimization Form 0: in review → completed");
  });

  it("mails no one whose login is closed, and leaves no entry waiting", async () => {
    await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, c0.id));
    const mails = (await readMailbox(t.app)).length;
    const [record] = accountsOf(c0.uid);
    if (!record) throw new Error("no account");
    fake.update(TABLE.accounts, record.id, { [STATUS_FIELD]: "Restricted" });
    expect((await sync("incremental")).run.status).toBe("succeeded");
    expect((await readMailbox(t.app)).length).toBe(mails);
    const entries = await entriesOf(c0.id);
    expect(entries.at(-1)?.detail.to).toBe("Restricted");
    expect(entries.every((e) => e.mailedAt !== null)).toBe(true);
  });
});
