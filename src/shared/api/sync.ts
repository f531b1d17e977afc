import { z } from "zod";
import { SYNC_RUN_KINDS, SYNC_RUN_STATUSES } from "./values";

/** What a run does: every table in full (removing rows whose records are gone), only what changed, or one customer's accounts and optimizations. */
export const syncRunKindSchema = z.enum(SYNC_RUN_KINDS);
export type SyncRunKind = z.infer<typeof syncRunKindSchema>;

/** Who started a run. */
export const syncTriggerSchema = z.enum(["admin", "schedule", "customer", "startup"]);
export type SyncTrigger = z.infer<typeof syncTriggerSchema>;

export const syncRunStatusSchema = z.enum(SYNC_RUN_STATUSES);
export type SyncRunStatus = z.infer<typeof syncRunStatusSchema>;

/** One record that could not be synced, and why. */
export const syncErrorDetailSchema = z.object({
  table: z.string(),
  recordId: z.string().nullable(),
  message: z.string(),
});
export type SyncErrorDetail = z.infer<typeof syncErrorDetailSchema>;

/** The spec's "results" of a sync: records read, records written, and the ones that failed. */
export const syncCountsSchema = z.object({
  processed: z.number().int(),
  synced: z.number().int(),
  errors: z.number().int(),
  errorDetails: z.array(syncErrorDetailSchema),
});

export const syncRunSchema = z.object({
  id: z.number().int(),
  kind: syncRunKindSchema,
  trigger: syncTriggerSchema,
  /** The name of the user who started it; null for the schedule. */
  startedBy: z.string().nullable(),
  source: z.enum(["airtable", "csv"]),
  status: syncRunStatusSchema,
  /** Why the run failed as a whole (the source was unreachable, say); null otherwise. */
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  processed: z.number().int(),
  synced: z.number().int(),
  errors: z.number().int(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

/** `POST /api/admin/sync-users`: the spec's sync results, plus the run they belong to. */
export const syncResultsSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  results: syncCountsSchema,
  run: syncRunSchema,
});
export type SyncResults = z.infer<typeof syncResultsSchema>;

/** `POST /api/admin/sync-users` accepts an empty body (a full run) or asks for an incremental one. */
export const startSyncSchema = z
  .object({ kind: z.enum(["full", "incremental"]).default("full") })
  .default({ kind: "full" });

/** `GET /api/admin/import-status`: the spec's fields, plus what the admin page shows beside them. */
export const importStatusSchema = z.object({
  /** A full or incremental run has succeeded at least once. */
  importCompleted: z.boolean(),
  message: z.string(),
  database: z.object({
    totalUsers: z.number().int(),
    /** Users linked to a record of the operator's base. */
    usersWithUid: z.number().int(),
    /** usersWithUid as a whole percentage of totalUsers. */
    successRate: z.number(),
    linkedinAccounts: z.number().int(),
    profileOptimizations: z.number().int(),
    transactions: z.number().int(),
    /** Settings changes waiting to be written back to the operator's base, and the last error met. */
    pendingWriteBacks: z.number().int(),
    lastWriteBackError: z.string().nullable(),
  }),
  source: z.object({
    kind: z.enum(["airtable", "csv"]),
    /** The base id, or the folder's name; never a token. */
    description: z.string(),
  }),
  /** The run in progress, with its counts so far; null when none is running. */
  currentRun: syncRunSchema.nullable(),
  /** The last runs, newest first. */
  recentRuns: z.array(syncRunSchema),
  /** The last finished run's failed records. */
  lastErrorDetails: z.array(syncErrorDetailSchema),
  /** When the background schedule next runs; null when it is off. */
  nextScheduledRunAt: z.string().nullable(),
  scheduleIntervalMinutes: z.number().int(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** `POST /api/linkedin-sync/user/{uid}`: the spec reads `result.synced`. */
export const userSyncResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  result: syncCountsSchema,
});
export type UserSyncResponse = z.infer<typeof userSyncResponseSchema>;

/** Whether a settings change has reached the operator's base. */
export const writeBackStatusSchema = z.enum(["synced", "pending", "not-linked"]);
export type WriteBackStatus = z.infer<typeof writeBackStatusSchema>;
