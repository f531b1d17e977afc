/**
 * The sync keeps to Airtable's 5 requests a second (the fake answers a sixth with 429 and a 30 s
 * penalty, as Airtable does). On a PostgreSQL server only: the fake runs in the test's own process,
 * and the embedded database does as well, holding that process while it writes a page of rows, so
 * the fake would see requests that left on time arrive bunched together.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import { airtableBase, testAirtableSource } from "../../support/airtable-base";
import { createTestApp, type TestApp } from "../../support/test-app";

/** The most requests the fake saw inside any 1000 ms. */
function busiestSecond(times: number[]): number {
  return Math.max(0, ...times.map((start) => times.filter((t) => t >= start && t < start + 1000).length));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("the sync's pace", () => {
  let fake: FakeAirtable | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = undefined;
    fake = undefined;
  });

  it("keeps to 5 requests a second, so Airtable's limit is never hit", async () => {
    const base = airtableBase({ customers: 1, accountsPerCustomer: 650 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields });
    const f = fake;
    t = await createTestApp({ syncSource: (db) => testAirtableSource(db.db, f) });
    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    const requests = fake.requests();
    expect(requests.length).toBeGreaterThanOrEqual(10);
    expect(requests.every((r) => r.status === 200)).toBe(true);
    expect(busiestSecond(requests.map((r) => r.time))).toBeLessThanOrEqual(5);
  });
});
