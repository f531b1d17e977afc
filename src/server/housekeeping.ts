/**
 * Periodic clean-up of rows that can no longer be used: ended sessions, spent or expired one-time
 * links, rate-limit hits long past, background jobs done long ago, old sync runs, and audit entries
 * older than AUDIT_RETENTION_DAYS. Safe to run on every instance at once.
 */
import { and, isNotNull, lt, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { pruneAuditLog } from "./features/audit";
import type { Config } from "./platform/config";
import type { Database } from "./platform/db/database";
import { emailTokens, outboxJobs, syncRuns } from "./platform/db/schema";
import { deleteOldHits } from "./platform/http/rate-limiter";
import { deleteDeadSessions } from "./platform/http/session-store";

const INTERVAL_MS = 60 * 60_000;
// Longer than the longest rate-limit window, so no live window is cut short.
const COUNTER_RETENTION_MS = 24 * 60 * 60_000;
/** Long enough for an admin to look back at a month of runs and write-backs. */
const SYNC_HISTORY_RETENTION_MS = 90 * 24 * 60 * 60_000;

export async function runHousekeeping(db: Database, config: Config, now = new Date()): Promise<void> {
  await deleteDeadSessions(db, config.session, now);
  await deleteOldHits(db, new Date(now.getTime() - COUNTER_RETENTION_MS));
  await db.delete(emailTokens).where(or(isNotNull(emailTokens.usedAt), lt(emailTokens.expiresAt, now)));
  const historyCutoff = new Date(now.getTime() - SYNC_HISTORY_RETENTION_MS);
  // Background jobs done (or given up) long ago; a pending one stays however old.
  await db
    .delete(outboxJobs)
    .where(
      or(
        and(isNotNull(outboxJobs.doneAt), lt(outboxJobs.doneAt, historyCutoff)),
        and(isNotNull(outboxJobs.deadAt), lt(outboxJobs.deadAt, historyCutoff)),
      ),
    );
  // A run still marked running is left for the next run of its kind to close.
  await db
    .delete(syncRuns)
    .where(and(isNotNull(syncRuns.finishedAt), lt(syncRuns.finishedAt, historyCutoff)));
  await pruneAuditLog(db, config.auditRetentionDays, now);
}

/**
 * Runs housekeeping every hour, and prunes the audit log at once too (the rest can wait an hour);
 * the returned function stops it.
 */
export function scheduleHousekeeping(db: Database, config: Config, log: FastifyBaseLogger): () => void {
  pruneAuditLog(db, config.auditRetentionDays).catch((err: unknown) =>
    log.warn({ err }, "pruning the audit log failed"),
  );
  const timer = setInterval(() => {
    runHousekeeping(db, config).catch((err: unknown) => log.warn({ err }, "housekeeping failed"));
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
