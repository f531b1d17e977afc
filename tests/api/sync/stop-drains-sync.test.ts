/**
 * A stop lets the sync under way finish before the database closes: the run is recorded as
 * finished, not left "running" for the next start to find.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { RecordSource, SourceRecord } from "../../../src/server/platform/adapters/records/port";
import { syncRuns } from "../../../src/server/platform/db/schema";
import { createTestApp } from "../../support/test-app";
import { createTestDatabase } from "../../support/test-database";

/** A source whose first page arrives only when the test lets it. */
function heldSource(): { source: RecordSource; release: () => void; reached: Promise<void> } {
  let release = () => {};
  let reachedResolve = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    reachedResolve = resolve;
  });
  const source: RecordSource = {
    kind: "csv",
    description: "held",
    async *list(): AsyncIterable<SourceRecord[]> {
      reachedResolve();
      await gate;
      yield [];
    },
  };
  return { source, release, reached };
}

describe("stopping the app", () => {
  it("waits for the sync under way to finish", async () => {
    const database = await createTestDatabase();
    try {
      const held = heldSource();
      const t = await createTestApp({ database, syncSource: () => held.source });
      const run = t.app.sync.run({ kind: "full", trigger: "admin" }).catch((err: unknown) => err);
      await held.reached;
      let closed = false;
      const closing = t.app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false); // still waiting for the run
      held.release();
      await closing;
      await run;
      const rows = await database.db
        .select({ status: syncRuns.status })
        .from(syncRuns)
        .where(eq(syncRuns.trigger, "admin"));
      expect(rows).toEqual([{ status: "succeeded" }]);
    } finally {
      await database.destroy();
    }
  });
});
