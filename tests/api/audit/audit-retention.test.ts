/**
 * The audit log's retention (decision 069): housekeeping prunes the entries older than
 * AUDIT_RETENTION_DAYS through the database's one way to delete them, which records one
 * `audit-pruned` entry; every other UPDATE or DELETE of an entry is still refused, and 0 keeps all.
 */
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditCutoff, pruneAuditLog } from "../../../src/server/features/audit/audit-log";
import { runHousekeeping } from "../../../src/server/housekeeping";
import { auditEvents } from "../../../src/server/platform/db/schema";
import { AUDIT_EVENT_KIND_NAMES } from "../../../src/shared/audit/audit-kinds";
import { createTestApp, type TestApp, testConfig } from "../../support/test-app";

const DAY = 24 * 60 * 60_000;

describe("the audit log's retention", () => {
  let t: TestApp;
  const db = () => t.database.db;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
  /** The newest entry before the test: the setup's own pruning's. */
  let baseline = 0;
  const details = async () =>
    (
      await db()
        .select({ detail: auditEvents.detail })
        .from(auditEvents)
        .where(gt(auditEvents.id, baseline))
        .orderBy(auditEvents.id)
    ).map((row) => row.detail);
  const pruned = () =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "audit-pruned"), gt(auditEvents.id, baseline)));
  /** Entries of 3 years, 2 years and a day, a year and 10 days ago. */
  const insertAged = () =>
    db()
      .insert(auditEvents)
      .values(
        [3 * 365, 731, 365, 10].map((days) => ({
          at: daysAgo(days),
          kind: "sign-in" as const,
          actorUserId: null,
          subjectUserId: null,
          detail: `${days} days`,
        })),
      );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each test starts from an empty log, through the one way to delete: all before an hour from now.
    await db().execute(sql`select prune_audit_events(now() + interval '1 hour')`);
    const [newest] = await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(1);
    baseline = newest?.id ?? 0;
    expect(await details()).toEqual([]);
  });

  it("removes only the entries older than the retention, and records it once", async () => {
    await insertAged();
    const now = new Date();
    expect(await pruneAuditLog(db(), 730, now)).toBe(2);
    const cutoff = auditCutoff(730, now);
    expect(cutoff.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(await details()).toEqual([
      "365 days",
      "10 days",
      `2 entries before ${cutoff.toISOString().slice(0, 19)}Z`,
    ]);
    const [entry] = await pruned();
    expect(entry).toMatchObject({ kind: "audit-pruned", actorUserId: null, subjectUserId: null });
    expect(AUDIT_EVENT_KIND_NAMES).toContain("audit-pruned");
    // The same day again, or another instance at once: nothing more to remove, nothing recorded.
    expect(await pruneAuditLog(db(), 730, now)).toBe(0);
    expect(await pruned()).toHaveLength(1);
  });

  it("runs with housekeeping at the configured retention, and keeps every entry with 0", async () => {
    await insertAged();
    await runHousekeeping(db(), testConfig({ AUDIT_RETENTION_DAYS: "0" }));
    expect(await details()).toEqual(["1095 days", "731 days", "365 days", "10 days"]);
    await runHousekeeping(db(), testConfig({ AUDIT_RETENTION_DAYS: "30" }));
    expect(await details()).toEqual(["10 days", expect.stringMatching(/^3 entries before /)]);
    // The default keeps two years.
    expect(t.config.auditRetentionDays).toBe(730);
  });

  it("still refuses every other DELETE and UPDATE of an entry, even after a pruning", async () => {
    await insertAged();
    const [oldest] = await db().select().from(auditEvents).orderBy(auditEvents.id).limit(1);
    if (!oldest) throw new Error("no entry");
    await expect(db().delete(auditEvents).where(eq(auditEvents.id, oldest.id))).rejects.toThrow();
    await expect(db().delete(auditEvents)).rejects.toThrow();
    await expect(
      db().update(auditEvents).set({ detail: "changed" }).where(eq(auditEvents.id, oldest.id)),
    ).rejects.toThrow();
    // In the pruning's own transaction, once it is done, an old entry is as safe as before.
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`select prune_audit_events(now() - interval '2 years')`);
        await tx
          .insert(auditEvents)
          .values({ at: daysAgo(5 * 365), kind: "sign-in", actorUserId: null, subjectUserId: null });
        await tx.delete(auditEvents).where(inArray(auditEvents.kind, ["sign-in"]));
      }),
    ).rejects.toThrow();
    expect(await details()).toEqual(["1095 days", "731 days", "365 days", "10 days"]);
  });
});
