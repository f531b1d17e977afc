import { count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type RecordSource, SourceError } from "../../../src/server/platform/adapters/records/port";
import { linkedinAccounts, syncLocks, syncRuns, users } from "../../../src/server/platform/db/schema";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import { airtableBase, TABLE, testAirtableSource } from "../../support/airtable-base";
import { createTestApp, type TestApp } from "../../support/test-app";

/** A source that stops with a source error after `pages` pages of one table, as an outage halfway would. */
function failingAfter(source: RecordSource, table: string, pages: number): RecordSource {
  return {
    kind: source.kind,
    description: source.description,
    async *list(name, query) {
      let served = 0;
      for await (const page of source.list(name, query)) {
        if (name === table && served === pages) throw new SourceError(`Airtable answered 500 for ${table}`);
        served += 1;
        yield page;
      }
    },
  };
}

describe("sync under faults", () => {
  let fake: FakeAirtable | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await fake?.close();
  });

  const accountCount = async () => {
    const [row] = await (t?.database.db ?? never()).select({ n: count() }).from(linkedinAccounts);
    return row?.n;
  };
  function never(): never {
    throw new Error("no app");
  }

  it("retries 5xx answers, timeouts, resets and malformed bodies, losing and duplicating nothing", async () => {
    const base = airtableBase({ customers: 2, accountsPerCustomer: 120 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    const f = fake;
    t = await createTestApp({
      // Six faults in a row on one table: enough attempts to outlast them.
      syncSource: (db) =>
        testAirtableSource(db.db, f, { requestsPerSecond: 100, timeoutMs: 300, attempts: 8 }),
    });
    fake.injectFault({ kind: "status", status: 503, table: TABLE.accounts, times: 2 });
    fake.injectFault({ kind: "malformed", table: TABLE.accounts });
    fake.injectFault({ kind: "malformed", body: '{"rows":[]}', table: TABLE.users });
    fake.injectFault({ kind: "hang", table: TABLE.accounts });
    fake.injectFault({ kind: "slow", delayMs: 800, table: TABLE.accounts });
    fake.injectFault({ kind: "reset", table: TABLE.accounts });

    const { run, errorDetails } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(errorDetails).toEqual([]);
    expect(run.status).toBe("succeeded");
    expect(await accountCount()).toBe(240);
    expect(fake.requests().filter((r) => r.fault).length).toBe(7);
  });

  it("waits out a 429 and its penalty, then finishes", async () => {
    const base = airtableBase({ customers: 1, accountsPerCustomer: 700 });
    fake = await startFakeAirtable({
      tables: base.tables,
      rateLimit: { requestsPerSecond: 5, penaltyMs: 400 },
    });
    const f = fake;
    // The first page is always refused, however slow the machine is; after it the client goes
    // deliberately faster than the base allows, so on most machines its limit and penalty refuse it too.
    f.injectFault({ kind: "status", status: 429, table: TABLE.accounts });
    t = await createTestApp({
      syncSource: (db) => testAirtableSource(db.db, f, { requestsPerSecond: 50, penaltyMs: 400 }),
    });
    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    expect(fake.requests().some((r) => r.status === 429)).toBe(true);
    expect(await accountCount()).toBe(700);
  });

  it("does not retry a refused token, and records why the run failed", async () => {
    fake = await startFakeAirtable({ tables: airtableBase({ customers: 1, accountsPerCustomer: 1 }).tables });
    const f = fake;
    t = await createTestApp({
      syncSource: (db) =>
        testAirtableSource(db.db, { ...f, token: "wrong-token" }, { requestsPerSecond: 100 }),
    });
    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("failed");
    expect(run.message).toMatch(/^Users: Airtable answered 401 \(\w+/);
    // Each table is tried once; none is retried.
    expect(
      fake
        .requests()
        .map((r) => r.table)
        .sort(),
    ).toEqual(Object.values(TABLE).sort());
  });

  it("gives up after its retries on a base that keeps failing, and the next run completes the work", async () => {
    const base = airtableBase({ customers: 1, accountsPerCustomer: 250 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    const f = fake;
    let breakHalfway = true;
    t = await createTestApp({
      syncSource: (db) => {
        const healthy = testAirtableSource(db.db, f, { requestsPerSecond: 100 });
        const broken = failingAfter(healthy, TABLE.accounts, 1);
        return {
          kind: healthy.kind,
          description: healthy.description,
          list: (table, query) => (breakHalfway ? broken : healthy).list(table, query),
        };
      },
    });

    const failed = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(failed.run.status).toBe("failed");
    expect(failed.run.message).toBe("LinkedIn Accounts: Airtable answered 500 for LinkedIn Accounts");
    // Whole pages only: the first page of 100 accounts is in, nothing of the second.
    expect(await accountCount()).toBe(100);

    breakHalfway = false;
    const next = await t.app.sync.run({ kind: "incremental", trigger: "schedule" });
    expect(next.run.status).toBe("succeeded");
    // The failed run did not move the starting point: the incremental run reads everything again.
    expect(next.run.modifiedSince).toBeNull();
    expect(await accountCount()).toBe(250);
  });

  it("takes over from a run whose instance died, and refuses to start beside a live one", async () => {
    fake = await startFakeAirtable({ tables: airtableBase({ customers: 1, accountsPerCustomer: 2 }).tables });
    const f = fake;
    t = await createTestApp({ syncSource: (db) => testAirtableSource(db.db, f, { requestsPerSecond: 100 }) });
    const db = t.database.db;
    const [dead] = await db
      .insert(syncRuns)
      .values({
        kind: "full",
        trigger: "admin",
        source: "airtable",
        startedAt: new Date(Date.now() - 600_000),
      })
      .returning();
    await db
      .insert(syncLocks)
      .values({ name: "tables", holder: "dead-instance", expiresAt: new Date(Date.now() + 60_000) });

    await expect(t.app.sync.run({ kind: "incremental", trigger: "schedule" })).rejects.toThrow(
      "A sync is already running",
    );

    await db.update(syncLocks).set({ expiresAt: new Date(Date.now() - 1000) });
    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    const runs = await db.select().from(syncRuns);
    expect(runs.find((r) => r.id === dead?.id)).toMatchObject({
      status: "failed",
      message: "Interrupted: the instance running it stopped",
    });
    expect(await db.select().from(syncLocks)).toEqual([]);
    const [imported] = await db.select({ n: count() }).from(users);
    expect(imported?.n).toBe(1);
  });
});
