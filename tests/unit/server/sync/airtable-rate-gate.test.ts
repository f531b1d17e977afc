import { afterAll, beforeAll, describe, it } from "vitest";
import { databaseRequestGate } from "../../../../src/server/platform/adapters/records/airtable-rate-gate";
import { createTestDatabase, type TestDatabase } from "../../../support/test-database";

/** 1000 / 5 ms plus the gate's 10 ms of margin. */
const INTERVAL_MS = 210;
const SLACK_MS = 30;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

// The tests wait on real time, so they run side by side, each on a base of its own.
describe.concurrent("databaseRequestGate", () => {
  it("spaces one base's requests a slot apart", async ({ expect }) => {
    const gate = databaseRequestGate(database.db, "appSequential", 5);
    const elapsed = await timed(async () => {
      for (let i = 0; i < 11; i++) await gate.acquire();
    });
    expect(elapsed).toBeGreaterThanOrEqual(10 * INTERVAL_MS - SLACK_MS);
    expect(elapsed).toBeLessThan(10 * INTERVAL_MS + 1000);
  });

  it("lets the first request of an idle base go at once", async ({ expect }) => {
    const gate = databaseRequestGate(database.db, "appIdle", 5);
    expect(await timed(() => gate.acquire())).toBeLessThan(INTERVAL_MS / 2);
  });

  it("shares one schedule between gates on the same base", async ({ expect }) => {
    const first = databaseRequestGate(database.db, "appShared", 5);
    const second = databaseRequestGate(database.db, "appShared", 5);
    const elapsed = await timed(async () => {
      for (let i = 0; i < 11; i++) await (i % 2 === 0 ? first : second).acquire();
    });
    expect(elapsed).toBeGreaterThanOrEqual(10 * INTERVAL_MS - SLACK_MS);
  });

  it("spaces concurrent callers too", async ({ expect }) => {
    const first = databaseRequestGate(database.db, "appConcurrent", 5);
    const second = databaseRequestGate(database.db, "appConcurrent", 5);
    const elapsed = await timed(() =>
      Promise.all([
        ...Array.from({ length: 3 }, () => first.acquire()),
        ...Array.from({ length: 3 }, () => second.acquire()),
      ]),
    );
    expect(elapsed).toBeGreaterThanOrEqual(5 * INTERVAL_MS - SLACK_MS);
  });

  it("does not slow a different base", async ({ expect }) => {
    const busy = databaseRequestGate(database.db, "appBusy", 5);
    await busy.acquire();
    await busy.holdOff(5_000);
    const other = databaseRequestGate(database.db, "appOther", 5);
    const elapsed = await timed(async () => {
      await other.acquire();
      await other.acquire();
    });
    expect(elapsed).toBeGreaterThanOrEqual(INTERVAL_MS - SLACK_MS);
    expect(elapsed).toBeLessThan(2 * INTERVAL_MS);
  });

  it("holds off the next request after holdOff", async ({ expect }) => {
    const gate = databaseRequestGate(database.db, "appHeld", 5);
    await gate.acquire();
    await gate.holdOff(500);
    const elapsed = await timed(() => gate.acquire());
    expect(elapsed).toBeGreaterThanOrEqual(500 - 20);
    expect(elapsed).toBeLessThan(500 + INTERVAL_MS);
  });

  it("holds off every gate of the base, not only the one told", async ({ expect }) => {
    const told = databaseRequestGate(database.db, "appHeldShared", 5);
    const other = databaseRequestGate(database.db, "appHeldShared", 5);
    await told.holdOff(300);
    expect(await timed(() => other.acquire())).toBeGreaterThanOrEqual(300 - 20);
  });

  it("does not shorten a later schedule with a shorter hold-off", async ({ expect }) => {
    const gate = databaseRequestGate(database.db, "appLonger", 5);
    await gate.holdOff(400);
    await gate.holdOff(50);
    expect(await timed(() => gate.acquire())).toBeGreaterThanOrEqual(400 - 20);
  });
});
