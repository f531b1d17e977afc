/**
 * Two instances of the portal on one database (on PostgreSQL: two connection pools, as two processes
 * would have) sync against one rate-limited base at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import { airtableBase, type BaseContents, testAirtableSource } from "../../support/airtable-base";
import { createTestApp, type TestApp } from "../../support/test-app";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { signedInUser } from "../../support/users";

async function secondHandle(database: TestDatabase): Promise<TestDatabase> {
  if (!database.url) return { ...database, destroy: async () => {} };
  const handle = await openDatabase({ kind: "postgres", url: database.url });
  return { ...handle, destroy: () => handle.close() };
}

describe("two instances on one database", () => {
  let fake: FakeAirtable;
  let database: TestDatabase;
  let other: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let base: BaseContents;

  beforeAll(async () => {
    base = airtableBase({ customers: 2, accountsPerCustomer: 250 });
    // Airtable's own limit and penalty: a single 429 would show in the request log.
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields });
    database = await createTestDatabase();
    other = await secondHandle(database);
    // The shared schedule runs at 4 a second here: on a test machine busy with other files a request
    // can leave late and crowd the next ones, and a 429 costs 30 s. Two instances that did not share
    // the schedule would still send 8 a second, which the fake and the count below would catch.
    const source = (db: TestDatabase) => testAirtableSource(db.db, fake, { requestsPerSecond: 4 });
    one = await createTestApp({ database, syncSource: source });
    two = await createTestApp({ database: other, syncSource: source });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await other.destroy();
    await database.destroy();
    await fake.close();
  });

  it("run one full sync between them: the second is told one is running", async () => {
    const admin = await signedInUser(database.db, one.config, { role: "admin" });
    const headers = { cookie: admin.cookie };
    const [a, b] = await Promise.all([
      one.post("/api/admin/sync-users", {}, { headers }),
      two.post("/api/admin/sync-users", {}, { headers }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({ error: "A sync is already running" });
    const done = a.statusCode === 200 ? a : b;
    expect(done.json().results).toMatchObject({ processed: 2 + 500, synced: 502, errors: 0 });
  });

  it("share the base's 5 requests a second while each syncs a customer", async () => {
    const admin = await signedInUser(database.db, one.config, { role: "admin" });
    const headers = { cookie: admin.cookie };
    fake.resetRequests();
    const [a, b] = await Promise.all([
      one.post(`/api/linkedin-sync/user/${base.customers[0]?.uid}`, {}, { headers }),
      two.post(`/api/linkedin-sync/user/${base.customers[1]?.uid}`, {}, { headers }),
    ]);
    expect(a.json().result.synced).toBe(250);
    expect(b.json().result.synced).toBe(250);

    const times = fake.requests().map((r) => r.time);
    expect(times.length).toBeGreaterThanOrEqual(8);
    expect(fake.requests().every((r) => r.status === 200)).toBe(true);
    for (const start of times) {
      expect(times.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(5);
    }
  });
});
