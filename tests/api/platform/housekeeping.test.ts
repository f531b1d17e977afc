import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueEmailToken } from "../../../src/server/features/auth/email-tokens";
import { runHousekeeping } from "../../../src/server/housekeeping";
import {
  emailTokens,
  outboxJobs,
  rateLimitHits,
  sessions,
  syncRuns,
} from "../../../src/server/platform/db/schema";
import { hit } from "../../../src/server/platform/http/rate-limiter";
import { createTestApp, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

describe("housekeeping", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("removes ended sessions, spent links, old rate-limit hits and old sync history, and keeps live ones", async () => {
    const db = t.database.db;
    const live = await signedInUser(db, t.config);
    const idle = await signedInUser(db, t.config);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - t.config.session.idleTimeoutMs - 1000) })
      .where(eq(sessions.userId, idle.user.id));
    await issueEmailToken(db, "reset", live.user.id);
    await issueEmailToken(db, "reset", live.user.id, {}, new Date(Date.now() - 60 * 60_000));
    await hit(db, [{ key: "old", limit: 5, windowMs: 60_000 }], new Date(Date.now() - 2 * 24 * 3_600_000));
    await hit(db, [{ key: "current", limit: 5, windowMs: 60_000 }]);

    const longAgo = new Date(Date.now() - 91 * 24 * 3_600_000);
    const lately = new Date(Date.now() - 24 * 3_600_000);
    const run = { kind: "full", trigger: "admin", source: "csv", status: "succeeded" } as const;
    await db.insert(syncRuns).values([
      { ...run, startedAt: longAgo, finishedAt: longAgo, message: "old" },
      { ...run, startedAt: lately, finishedAt: lately, message: "recent" },
      { ...run, status: "running", startedAt: longAgo, message: "never finished" },
    ]);
    const entry = { kind: "airtable-write-back", payload: {} };
    await db.insert(outboxJobs).values([
      { ...entry, doneAt: longAgo, lastError: "old delivered" },
      { ...entry, doneAt: lately, lastError: "recently delivered" },
      { ...entry, createdAt: longAgo, lastError: "still waiting" },
      { ...entry, deadAt: longAgo, lastError: "gave up long ago" },
      { ...entry, deadAt: lately, lastError: "gave up lately" },
    ]);

    await runHousekeeping(db, t.config);

    expect((await db.select().from(sessions)).map((s) => s.userId)).toEqual([live.user.id]);
    expect(await db.select().from(emailTokens)).toHaveLength(1);
    expect((await db.select().from(rateLimitHits)).map((h) => h.key)).toEqual(["current"]);
    expect((await db.select().from(syncRuns)).map((r) => r.message).sort()).toEqual([
      "never finished",
      "recent",
    ]);
    expect((await db.select().from(outboxJobs)).map((e) => e.lastError).sort()).toEqual([
      "gave up lately",
      "recently delivered",
      "still waiting",
    ]);
  });
});
