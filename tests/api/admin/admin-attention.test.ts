/** The admin dashboard's "Needs attention": three figures in one answer, for admins only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxJobs, syncRuns, transactions } from "../../../src/server/platform/db/schema";
import { attentionSchema } from "../../../src/shared/api/admin-attention";
import { createTestApp, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

describe("GET /api/admin/attention", () => {
  let t: TestApp;
  let admin: SignedInUser;
  let customer: SignedInUser;
  const get = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/admin/attention", headers: cookie ? { cookie } : {} });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.database.db, t.config, { role: "admin" });
    customer = await signedInUser(t.database.db, t.config);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers zeros and no sync on an empty portal", async () => {
    const res = await get(admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(attentionSchema.parse(res.json())).toEqual({
      unlinkedPayments: 0,
      failingJobs: 0,
      lastSync: null,
    });
  });

  it("counts unlinked payments and failing jobs, and names the last finished sync of the whole base", async () => {
    const { db } = t.database;
    await db.insert(transactions).values([
      { source: "stripe", eventId: "evt_attention_1", amountCents: 100 },
      { source: "test", eventId: "evt_attention_2", amountCents: 200 },
      // The customer's own payment needs nothing.
      {
        source: "stripe",
        eventId: "evt_attention_3",
        amountCents: 300,
        userId: customer.user.id,
        uid: customer.user.uid,
      },
    ]);
    await db.insert(outboxJobs).values([
      { kind: "mail", payload: {}, attempts: 5, deadAt: new Date(), lastError: "550" },
      { kind: "mail", payload: {}, attempts: 3, lastError: "timeout" },
      // Not yet failing, or done.
      { kind: "mail", payload: {}, attempts: 2, lastError: "timeout" },
      { kind: "mail", payload: null, attempts: 4, doneAt: new Date() },
    ]);
    const run = { source: "csv", finishedAt: new Date() } as const;
    const [, failed] = await db
      .insert(syncRuns)
      .values([
        { ...run, kind: "full", trigger: "startup", status: "succeeded", startedAt: minutesAgo(30) },
        {
          ...run,
          kind: "incremental",
          trigger: "schedule",
          status: "failed",
          errors: 0,
          startedAt: minutesAgo(20),
          finishedAt: minutesAgo(19),
        },
      ])
      .returning();
    // A customer's own Sync Now and a run still under way say nothing about how the last sync ended.
    await db.insert(syncRuns).values([
      { ...run, kind: "user", trigger: "customer", status: "succeeded", startedAt: minutesAgo(10) },
      { source: "csv", kind: "full", trigger: "admin", status: "running", startedAt: minutesAgo(1) },
    ]);

    const res = await get(admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(attentionSchema.parse(res.json())).toEqual({
      unlinkedPayments: 2,
      failingJobs: 2,
      lastSync: {
        id: failed?.id,
        kind: "incremental",
        status: "failed",
        finishedAt: failed?.finishedAt?.toISOString(),
        errors: 0,
      },
    });
  });

  it("is refused to anonymous callers (401) and customers (403)", async () => {
    expect((await get()).statusCode).toBe(401);
    const refused = await get(customer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: expect.any(String) });
  });
});
