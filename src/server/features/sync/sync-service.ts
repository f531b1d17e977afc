/**
 * The sync as the rest of the server sees it: the configured source, the field map, the secret box,
 * runs, the background schedule and the write-back (through the outbox), built once from the configuration.
 */

import { and, desc, gt, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ImportStatus } from "../../../shared/api/sync";
import type { Language } from "../../../shared/i18n/languages";
import type { RecordSource } from "../../platform/adapters/records/port";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { syncRuns } from "../../platform/db/schema";
import type { Outbox } from "../../platform/outbox/outbox";
import type { SecretBox } from "../../platform/secrets/secret-box";
import type { Notifier } from "../notifications";
import { type FinishedRun, runSync, SyncBusyError, type SyncRequest } from "./engine";
import type { FieldMap } from "./field-map";
import { readImportStatus } from "./import-status";
import { createRequestWriteBack, type RequestWriteBackService } from "./request-write-back";
import { createWriteBack, type WriteBack } from "./write-back";

export interface SyncService {
  /** Undefined when no source is configured (production without Airtable or a folder). */
  source: RecordSource | undefined;
  fieldMap: FieldMap;
  secretBox: SecretBox;
  writeBack: WriteBack;
  /** Replacement requests to the operator's base (decision 040). */
  requestWriteBack: RequestWriteBackService;
  run(request: SyncRequest): Promise<FinishedRun>;
  /**
   * The schedule's run: incremental, and skipped when a run of the tables started less than half an
   * interval ago (every instance has a schedule; they share the database). Answers whether it ran.
   */
  runScheduled(): Promise<boolean>;
  /** Where the imports stand, its summary in the given language (English when none is given). */
  importStatus(language?: Language): Promise<ImportStatus>;
  /** Starts the schedule (the outbox's worker delivers the write-backs); the returned function stops it. */
  startBackgroundWork(): () => void;
  /** Waits for the runs under way to finish, as a stop does before the database closes. */
  drain(): Promise<void>;
}

export class NoSourceError extends Error {
  override name = "NoSourceError";
  constructor() {
    super("No sync source is configured: set AIRTABLE_TOKEN and AIRTABLE_BASE_ID, or SYNC_SOURCE_DIR");
  }
}

export async function createSyncService(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  options: {
    secretBox: SecretBox;
    fieldMap: FieldMap;
    source: RecordSource | undefined;
    outbox: Outbox;
    notifier: Notifier;
  },
): Promise<SyncService> {
  const { secretBox, fieldMap, source } = options;
  const writeBack = createWriteBack(options.outbox, source, fieldMap, log);
  const requestWriteBack = createRequestWriteBack(db, options.outbox, source, fieldMap, log);
  const intervalMs = config.syncIntervalMinutes * 60_000;
  let nextRunAt: Date | null = null;

  const underWay = new Set<Promise<unknown>>();
  const run = (request: SyncRequest) => {
    if (!source) return Promise.reject(new NoSourceError());
    const running = runSync({ db, source, fieldMap, secretBox, log, notifier: options.notifier }, request);
    const settled = running.catch(() => {}).finally(() => underWay.delete(settled));
    underWay.add(settled);
    return running;
  };

  async function runScheduled(): Promise<boolean> {
    const recent = await db
      .select({ id: syncRuns.id })
      .from(syncRuns)
      .where(
        and(
          inArray(syncRuns.kind, ["full", "incremental"]),
          gt(syncRuns.startedAt, new Date(Date.now() - intervalMs / 2)),
        ),
      )
      .orderBy(desc(syncRuns.startedAt))
      .limit(1);
    if (recent.length > 0) return false;
    try {
      await run({ kind: "incremental", trigger: "schedule" });
      return true;
    } catch (err) {
      if (err instanceof SyncBusyError) return false;
      throw err;
    }
  }

  return {
    source,
    fieldMap,
    secretBox,
    writeBack,
    requestWriteBack,
    run,
    runScheduled,
    importStatus: (language) =>
      readImportStatus(
        db,
        source ?? { kind: "csv", description: "none configured" },
        { intervalMinutes: config.syncIntervalMinutes, nextRunAt },
        language,
      ),
    async drain() {
      await Promise.all(underWay);
    },
    startBackgroundWork() {
      const timers: NodeJS.Timeout[] = [];
      if (source && intervalMs > 0) {
        const tick = () => {
          nextRunAt = new Date(Date.now() + intervalMs);
          runScheduled().catch((err: unknown) => log.error({ err }, "scheduled sync failed"));
        };
        nextRunAt = new Date(Date.now() + intervalMs);
        timers.push(setInterval(tick, intervalMs));
      }
      for (const timer of timers) timer.unref();
      return () => {
        for (const timer of timers) clearInterval(timer);
        nextRunAt = null;
      };
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's sync, for start.ts to start its background work. */
    sync: SyncService;
  }
}
