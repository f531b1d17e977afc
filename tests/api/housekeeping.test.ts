import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTokens, rateLimitCounters, sessions } from "../../src/server/db/schema";
import { issueEmailToken } from "../../src/server/features/auth/email-tokens";
import { runHousekeeping } from "../../src/server/housekeeping";
import { hit } from "../../src/server/plugins/rate-limiter";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedInUser } from "../support/users";

describe("housekeeping", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("removes ended sessions, spent links and old counters, and keeps live ones", async () => {
    const db = t.database.db;
    const live = await signedInUser(db, t.config);
    const idle = await signedInUser(db, t.config);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - t.config.session.idleTimeoutMs - 1000) })
      .where(eq(sessions.userId, idle.user.id));
    await issueEmailToken(db, "reset", live.user.id);
    await issueEmailToken(db, "reset", live.user.id, null, new Date(Date.now() - 60 * 60_000));
    await hit(db, [{ key: "old", limit: 5, windowMs: 60_000 }], new Date(Date.now() - 2 * 24 * 3_600_000));
    await hit(db, [{ key: "current", limit: 5, windowMs: 60_000 }]);

    await runHousekeeping(db, t.config);

    expect((await db.select().from(sessions)).map((s) => s.userId)).toEqual([live.user.id]);
    expect(await db.select().from(emailTokens)).toHaveLength(1);
    expect((await db.select().from(rateLimitCounters)).map((c) => c.key)).toEqual(["current"]);
  });
});
