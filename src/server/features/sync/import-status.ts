/** What the admin sync page shows: the database's figures, the runs, and the write-back queue. */
import { and, count, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { ImportStatus, SyncRun } from "../../../shared/api/sync";
import { DEFAULT_LANGUAGE, type Language } from "../../../shared/i18n/languages";
import type { RecordSource } from "../../platform/adapters/records/port";
import type { Database } from "../../platform/db/database";
import {
  linkedinAccounts,
  outboxJobs,
  profileOptimizations,
  type SyncRunRow,
  syncRuns,
  transactions,
  users,
} from "../../platform/db/schema";
import { sayIn } from "../../platform/i18n/message";

import { WRITE_BACK_KIND } from "./write-back";

const RECENT_RUNS = 10;

export function toSyncRun(run: SyncRunRow, startedBy: string | null): SyncRun {
  return {
    id: run.id,
    kind: run.kind,
    trigger: run.trigger,
    startedBy,
    source: run.source,
    status: run.status,
    message: run.message,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    processed: run.processed,
    synced: run.synced,
    errors: run.errors,
  };
}

async function countOf(
  db: Database,
  table: typeof users | typeof linkedinAccounts | typeof profileOptimizations | typeof transactions,
) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

export async function readImportStatus(
  db: Database,
  source: Pick<RecordSource, "kind" | "description">,
  schedule: { intervalMinutes: number; nextRunAt: Date | null },
  language: Language = DEFAULT_LANGUAGE,
): Promise<ImportStatus> {
  const [totalUsers, linkedUsers, accounts, optimizations, txs] = await Promise.all([
    countOf(db, users),
    db.select({ n: count() }).from(users).where(isNotNull(users.airtableRecordId)),
    countOf(db, linkedinAccounts),
    countOf(db, profileOptimizations),
    countOf(db, transactions),
  ]);
  const usersWithUid = linkedUsers[0]?.n ?? 0;
  const writeBacks = and(eq(outboxJobs.kind, WRITE_BACK_KIND), isNull(outboxJobs.doneAt));
  const [pending] = await db.select({ n: count() }).from(outboxJobs).where(writeBacks);
  const [lastFailure] = await db
    .select({ lastError: outboxJobs.lastError })
    .from(outboxJobs)
    .where(and(writeBacks, isNotNull(outboxJobs.lastError)))
    .orderBy(desc(outboxJobs.id))
    .limit(1);

  const runs = await db
    .select({ run: syncRuns, startedBy: users.name })
    .from(syncRuns)
    .leftJoin(users, eq(users.id, syncRuns.startedByUserId))
    .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
    .limit(RECENT_RUNS);
  // A customer's own sync is small and runs beside the others; the page shows the table-wide run.
  const current = runs.find(({ run }) => run.status === "running" && run.kind !== "user");
  const [lastTablesRun] = await db
    .select({ errorDetails: syncRuns.errorDetails })
    .from(syncRuns)
    .where(and(inArray(syncRuns.kind, ["full", "incremental"]), isNotNull(syncRuns.finishedAt)))
    .orderBy(desc(syncRuns.startedAt))
    .limit(1);
  const [completed] = await db
    .select({ id: syncRuns.id })
    .from(syncRuns)
    .where(and(inArray(syncRuns.kind, ["full", "incremental"]), eq(syncRuns.status, "succeeded")))
    .limit(1);

  const sourceName =
    source.kind === "airtable"
      ? /*i18n*/ { id: "sync.status.source-airtable", message: "the Airtable base" }
      : /*i18n*/ { id: "sync.status.source-csv", message: "the CSV folder" };
  return {
    importCompleted: Boolean(completed),
    message: sayIn(
      language,
      completed
        ? /*i18n*/ {
            id: "sync.status.import-completed",
            message: "Import completed: {usersWithUid} of {totalUsers} users are linked to {sourceName}.",
            values: { usersWithUid, totalUsers, sourceName },
          }
        : /*i18n*/ {
            id: "sync.status.no-import",
            message: "No import has completed yet. Start a user sync to import the customers.",
          },
    ),
    database: {
      totalUsers,
      usersWithUid,
      successRate: totalUsers === 0 ? 0 : Math.round((usersWithUid / totalUsers) * 100),
      linkedinAccounts: accounts,
      profileOptimizations: optimizations,
      transactions: txs,
      pendingWriteBacks: pending?.n ?? 0,
      lastWriteBackError: lastFailure?.lastError ?? null,
    },
    source: { kind: source.kind, description: source.description },
    currentRun: current ? toSyncRun(current.run, current.startedBy) : null,
    recentRuns: runs.map(({ run, startedBy }) => toSyncRun(run, startedBy)),
    lastErrorDetails: lastTablesRun?.errorDetails ?? [],
    nextScheduledRunAt: schedule.nextRunAt?.toISOString() ?? null,
    scheduleIntervalMinutes: schedule.intervalMinutes,
  };
}
