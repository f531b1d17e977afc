/**
 * The sync engine: reads the operator's records from a source and brings the portal's tables in
 * line with them, recording each run.
 *
 * - A full run reads every table whole and then removes the rows whose records are gone.
 * - An incremental run reads only what changed since the last successful run started (less an
 *   overlap for clock skew); upserts make reading a record twice harmless.
 * - A customer's run reads that customer's accounts and optimizations, and removes theirs that are gone.
 *
 * Every page is written in one statement, so a run that stops halfway leaves whole records behind;
 * a failed run does not move the incremental starting point, so the next run reads its records again.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { SyncErrorDetail, SyncRunKind, SyncTrigger } from "../../../shared/api/sync";
import {
  type ListQuery,
  type RecordSource,
  SourceError,
  type SourceRecord,
} from "../../platform/adapters/records/port";
import type { Database } from "../../platform/db/database";
import { refusedData } from "../../platform/db/errors";
import { type SyncRunRow, syncRuns, users } from "../../platform/db/schema";
import type { SecretBox } from "../../platform/secrets/secret-box";
import type { Notifier } from "../notifications";
import { type FieldMap, SYNC_TABLES, type SyncTable, TABLE_COLUMNS } from "./field-map";
import { mapRecord } from "./record-mapper";
import { tryAcquireLease } from "./run-lock";
import type { TableWriter, ValidRecord, WriteContext, WriteOutcome } from "./table-writer";
import { tableWriter } from "./table-writers";

/** Records changed this long before the last run started are read again, in case clocks disagree. */
const INCREMENTAL_OVERLAP_MS = 5 * 60_000;
/** Error details kept per run; the count of errors is always exact. */
const MAX_STORED_ERROR_DETAILS = 500;

export interface SyncEngineDeps {
  db: Database;
  source: RecordSource;
  fieldMap: FieldMap;
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  /** Records what a run changed for customers, in the transaction of the change. */
  notifier: Notifier;
}

export interface SyncRequest {
  kind: SyncRunKind;
  trigger: SyncTrigger;
  startedByUserId?: number | null;
  /** For a customer's run: whose records. */
  uid?: string;
}

export interface TableCounts {
  processed: number;
  synced: number;
  errors: number;
  removed: number;
}

export interface FinishedRun {
  run: SyncRunRow;
  errorDetails: SyncErrorDetail[];
  tables: Partial<Record<SyncTable, TableCounts>>;
}

/** A run of the same kind is already going on (here or on another instance). */
export class SyncBusyError extends Error {
  override name = "SyncBusyError";
}

function lockName(request: SyncRequest): string {
  // Full and incremental runs cover the same tables, so they share one lock.
  return request.kind === "user" ? `user:${request.uid}` : "tables";
}

/** Runs of the lock's scope, to close those whose instance stopped without finishing them. */
function sameScope(request: SyncRequest) {
  return request.kind === "user"
    ? and(eq(syncRuns.kind, "user"), eq(syncRuns.scopeUid, request.uid ?? ""))
    : inArray(syncRuns.kind, ["full", "incremental"]);
}

/** Starts the next page's fetch while the caller writes the current one. */
async function* prefetched<T>(pages: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = pages[Symbol.asyncIterator]();
  let next = iterator.next();
  for (;;) {
    const result = await next;
    if (result.done) return;
    next = iterator.next();
    // If the caller stops early, the fetch already under way must not become an unhandled rejection.
    next.catch(() => {});
    yield result.value;
  }
}

async function modifiedSince(db: Database): Promise<Date | null> {
  const [last] = await db
    .select({ startedAt: syncRuns.startedAt })
    .from(syncRuns)
    .where(and(inArray(syncRuns.kind, ["full", "incremental"]), eq(syncRuns.status, "succeeded")))
    .orderBy(desc(syncRuns.startedAt))
    .limit(1);
  return last ? new Date(last.startedAt.getTime() - INCREMENTAL_OVERLAP_MS) : null;
}

async function anyTableRunSucceeded(db: Database): Promise<boolean> {
  const [run] = await db
    .select({ id: syncRuns.id })
    .from(syncRuns)
    .where(and(inArray(syncRuns.kind, ["full", "incremental"]), eq(syncRuns.status, "succeeded")))
    .limit(1);
  return run !== undefined;
}

export async function runSync(deps: SyncEngineDeps, request: SyncRequest): Promise<FinishedRun> {
  const { db, source, fieldMap, log } = deps;
  const lease = await tryAcquireLease(db, lockName(request), () =>
    log.error({ kind: request.kind }, "a sync run lost its lock; it stops at the next page"),
  );
  if (!lease)
    throw new SyncBusyError(
      request.kind === "user" ? "A sync of these accounts is already running" : "A sync is already running",
    );

  try {
    // Holding the lock, no other run of this scope can be live: any still marked running was cut off.
    await db
      .update(syncRuns)
      .set({
        status: "failed",
        finishedAt: new Date(),
        message: "Interrupted: the instance running it stopped",
      })
      .where(and(sameScope(request), eq(syncRuns.status, "running")));

    let owner: { id: number } | undefined;
    if (request.kind === "user") {
      [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.uid, request.uid ?? ""));
    }
    const since = request.kind === "incremental" ? await modifiedSince(db) : null;
    // The base's first import delivers nothing new: what it brings was there before the portal.
    const firstImport = !(await anyTableRunSucceeded(db));
    const [created] = await db
      .insert(syncRuns)
      .values({
        kind: request.kind,
        trigger: request.trigger,
        startedByUserId: request.startedByUserId ?? null,
        scopeUid: request.kind === "user" ? (request.uid ?? null) : null,
        source: source.kind,
        modifiedSince: since,
      })
      .returning();
    if (!created) throw new Error("could not record the sync run");
    const run = created;

    const errorDetails: SyncErrorDetail[] = [];
    const totals = { processed: 0, synced: 0, errors: 0 };
    const tables: FinishedRun["tables"] = {};
    const failures: string[] = [];
    const addErrors = (details: SyncErrorDetail[]) => {
      totals.errors += details.length;
      for (const item of details) if (errorDetails.length < MAX_STORED_ERROR_DETAILS) errorDetails.push(item);
    };
    const saveProgress = () =>
      db
        .update(syncRuns)
        .set(totals)
        .where(eq(syncRuns.id, run.id))
        .catch((err: unknown) => {
          log.warn({ err }, "could not save sync progress");
        });

    const syncTable = async (table: SyncTable) => {
      const map = fieldMap.tables[table];
      const writer = tableWriter(table, map.fields);
      const counts: TableCounts = { processed: 0, synced: 0, errors: 0, removed: 0 };
      tables[table] = counts;
      const query: ListQuery = {};
      if (since) query.modifiedSince = since;
      if (request.kind === "user")
        query.fieldEquals = { field: map.fields.uid ?? "UID", value: request.uid ?? "" };
      const fetchStartedAt = new Date();
      const seen = new Set<string>();
      try {
        for await (const page of prefetched(source.list(map.table, query))) {
          if (!lease.isHeld()) throw new Error("the run lost its lock to another instance");
          const { valid, errors } = validate(table, map, page, seen, fieldMap);
          const context = {
            db,
            secretBox: deps.secretBox,
            now: new Date(),
            tableName: map.table,
            notifier: deps.notifier,
            firstImport,
          };
          const outcome = await writePage(writer, context, valid, log);
          counts.processed += page.length;
          counts.synced += outcome.synced;
          counts.errors += errors.length + outcome.errors.length;
          totals.processed += page.length;
          totals.synced += outcome.synced;
          addErrors([...errors, ...outcome.errors]);
          await saveProgress();
        }
        const removes = request.kind === "full" || (request.kind === "user" && owner !== undefined);
        if (removes) {
          const gone = (await writer.localRecordIds(db, owner?.id)).filter((id) => !seen.has(id));
          if (gone.length > 0 && seen.size === 0 && request.kind === "full") {
            // A table that reads empty is far more often a broken export or a renamed table than a
            // real state: nothing is removed on its word.
            addErrors([
              { table: map.table, recordId: null, message: "No records were read, so none were removed" },
            ]);
          } else if (gone.length > 0) {
            await writer.remove(db, gone, fetchStartedAt);
            counts.removed = gone.length;
          }
        }
      } catch (err) {
        const reason = err instanceof SourceError ? err.message : "an unexpected error (see the server log)";
        if (!(err instanceof SourceError)) log.error({ err, table }, "sync of a table failed");
        failures.push(`${map.table}: ${reason}`);
      }
    };

    try {
      if (request.kind === "user") {
        if (!owner) failures.push(`No customer has the UID ${request.uid}`);
        else {
          await Promise.all([syncTable("linkedinAccounts"), syncTable("profileOptimizations")]);
          // The customer's requests, found by the UID written with them, once their accounts are in.
          if (fieldMap.tables.replacementRequests.fields.uid) await syncTable("replacementRequests");
        }
      } else {
        // Customers first: every other record is linked to one. The rest share the rate limit,
        // so reading them side by side keeps every request slot busy. Replacement requests last:
        // the account that replaced one is then in the portal to be named.
        await syncTable("users");
        await Promise.all(
          SYNC_TABLES.filter((table) => table !== "users" && table !== "replacementRequests").map(syncTable),
        );
        await syncTable("replacementRequests");
      }
    } catch (err) {
      log.error({ err }, "sync run failed");
      failures.push("An unexpected error (see the server log)");
      throw err;
    } finally {
      const [finished] = await db
        .update(syncRuns)
        .set({
          ...totals,
          status: failures.length > 0 ? "failed" : "succeeded",
          message: failures.length > 0 ? failures.join("; ") : null,
          finishedAt: new Date(),
          errorDetails,
        })
        .where(eq(syncRuns.id, run.id))
        .returning();
      Object.assign(run, finished);
    }
    // Mail about what the run changed goes out once it has committed.
    deps.notifier.kick();
    log.info({ runId: run.id, kind: run.kind, status: run.status, ...totals }, "sync run finished");
    return { run, errorDetails, tables };
  } finally {
    await lease.release();
  }
}

/**
 * Writes a page whole, or, when the database refuses it for a value or a constraint (SQLSTATE class
 * 22 or 23) that the mapper let through, record by record: only the refused records are reported,
 * like any other bad value, and no single record fails the run (decision 068).
 */
async function writePage(
  writer: TableWriter,
  ctx: WriteContext,
  records: ValidRecord[],
  log: FastifyBaseLogger,
): Promise<WriteOutcome> {
  try {
    return await writer.write(ctx, records);
  } catch (err) {
    const refused = refusedData(err);
    if (!refused) throw err;
    // The code only: the database's message may quote a value of the record.
    log.warn({ table: ctx.tableName, code: refused.code }, "a page was refused; writing it record by record");
  }
  const outcome: WriteOutcome = { synced: 0, errors: [] };
  for (const record of records) {
    try {
      const one = await writer.write(ctx, [record]);
      outcome.synced += one.synced;
      outcome.errors.push(...one.errors);
    } catch (err) {
      const refused = refusedData(err);
      if (!refused) throw err;
      outcome.errors.push({
        table: ctx.tableName,
        recordId: record.recordId,
        message: `Record: the database refused it (${refused.code}: ${refused.message.slice(0, 200)})`,
      });
    }
  }
  return outcome;
}

/** Maps a page of records, keeping the first of any record id seen twice in one run. */
function validate(
  table: SyncTable,
  map: FieldMap["tables"][SyncTable],
  page: SourceRecord[],
  seen: Set<string>,
  fieldMap: FieldMap,
): { valid: ValidRecord[]; errors: SyncErrorDetail[] } {
  const valid: ValidRecord[] = [];
  const errors: SyncErrorDetail[] = [];
  for (const record of page) {
    if (!record.id) {
      errors.push({
        table: map.table,
        recordId: null,
        message: `A row has no ${fieldMap.csv.recordIdColumn}`,
      });
      continue;
    }
    if (seen.has(record.id)) {
      errors.push({ table: map.table, recordId: record.id, message: "The record id appears more than once" });
      continue;
    }
    seen.add(record.id);
    const mapped = mapRecord(table, map, TABLE_COLUMNS[table].required, record);
    if (mapped.ok)
      valid.push({ recordId: record.id, createdTime: record.createdTime, values: mapped.values });
    else errors.push({ table: map.table, recordId: record.id, message: mapped.message });
  }
  return { valid, errors };
}
