/**
 * What an operator watches, in Prometheus' text format at `/metrics`. Two kinds of figure:
 * - this instance's own, counted as they happen: request durations by route and status, and the
 *   payment provider's webhook events by type and result;
 * - the portal's as a whole, read from the database when scraped, so that every instance answers
 *   the same: sign-in failures (from the audit log), sync runs and the records they synced or failed,
 *   and the outbox's backlog and the age of its oldest due job.
 * And whether this instance keeps session checks between changes (db/change-feed.ts): on a
 * PostgreSQL server a 0 that stays means its change feed is down, and every request reads its session.
 * Each app has its own registry: several apps in one process (the tests) do not share counters.
 */
import { and, count, isNull, min, sql, sum } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database, DatabaseChanges } from "../db/database";
import { auditEvents, outboxJobs, syncRuns } from "../db/schema";

export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status">;
  webhookEvents: Counter<"type" | "result">;
}

export function createMetrics(db: Database, changes: DatabaseChanges): Metrics {
  const registry = new Registry();

  const requestDuration = new Histogram({
    name: "portal_http_request_duration_seconds",
    help: "Time to answer a request, by method, matched route pattern and status (this instance).",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const webhookEvents = new Counter({
    name: "portal_webhook_events_total",
    help: "The payment provider's webhook events by type and result: processed, duplicate, ignored or refused (this instance).",
    labelNames: ["type", "result"] as const,
    registers: [registry],
  });

  new Counter({
    name: "portal_sign_in_failures_total",
    help: "Failed sign-ins recorded in the audit log (all instances).",
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ n: count() })
        .from(auditEvents)
        .where(sql`${auditEvents.kind} = 'sign-in-failed'`);
      this.reset();
      this.inc(row?.n ?? 0);
    },
  });

  new Counter({
    name: "portal_sync_runs_total",
    help: "Sync runs with the operator's base by kind and status (all instances).",
    labelNames: ["kind", "status"] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ kind: syncRuns.kind, status: syncRuns.status, n: count() })
        .from(syncRuns)
        .groupBy(syncRuns.kind, syncRuns.status);
      this.reset();
      for (const row of rows) this.inc({ kind: row.kind, status: row.status }, row.n);
    },
  });

  new Counter({
    name: "portal_sync_records_total",
    help: "Records the sync runs synced or failed (all instances).",
    labelNames: ["result"] as const,
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ synced: sum(syncRuns.synced), errors: sum(syncRuns.errors) })
        .from(syncRuns);
      this.reset();
      this.inc({ result: "synced" }, Number(row?.synced ?? 0));
      this.inc({ result: "failed" }, Number(row?.errors ?? 0));
    },
  });

  const pending = and(isNull(outboxJobs.doneAt), isNull(outboxJobs.deadAt));
  new Gauge({
    name: "portal_outbox_backlog",
    help: "Background jobs (mail, write-backs) not yet delivered, by kind and state: pending or dead (all instances).",
    labelNames: ["kind", "state"] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({
          kind: outboxJobs.kind,
          dead: sql<boolean>`${outboxJobs.deadAt} is not null`,
          n: count(),
        })
        .from(outboxJobs)
        .where(isNull(outboxJobs.doneAt))
        .groupBy(outboxJobs.kind, sql`${outboxJobs.deadAt} is not null`);
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, state: row.dead ? "dead" : "pending" }, row.n);
    },
  });

  new Gauge({
    name: "portal_outbox_oldest_age_seconds",
    help: "Age of the oldest background job still to be delivered; 0 when there is none (all instances).",
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ oldest: min(outboxJobs.createdAt) })
        .from(outboxJobs)
        .where(pending);
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });

  new Gauge({
    name: "portal_session_checks_kept",
    help: "1 while this instance keeps session checks between changes, 0 while it reads every one (this instance).",
    registers: [registry],
    collect() {
      this.set(changes.current() === undefined ? 0 : 1);
    },
  });

  return { registry, requestDuration, webhookEvents };
}
