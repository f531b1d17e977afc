import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  importStatusSchema,
  startSyncSchema,
  syncResultsSchema,
  userSyncResponseSchema,
} from "../../../shared/api/sync";
import { uidSchema } from "../../../shared/api/text";
import type { Database } from "../../platform/db/database";
import { conflict, HttpError, notFound } from "../../platform/http/errors";
import { ownerIdOfUid } from "../../platform/http/own-uid";
import { hit } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import { replyLanguage, sayTo } from "../../platform/i18n/reply-language";
import { recordAuditEvent } from "../audit";
import { type FinishedRun, SyncBusyError, type SyncRequest } from "./engine";
import { toSyncRun } from "./import-status";
import { NoSourceError, type SyncService } from "./sync-service";

/** A customer's Sync Now reads the base on their behalf; this keeps one customer from spending its rate limit. */
const USER_SYNC_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

const errors = {
  404: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
};

interface AdminRun {
  adminId: number;
  /** The customer of a one-customer run; null for a run over the whole base. */
  customerId: number | null;
  ip: string;
}

const syncRoutes: FastifyPluginAsyncZod<{ db: Database; sync: SyncService }> = async (app, { db, sync }) => {
  /** Runs a sync; a run an admin started is in the audit log, however it ended. */
  async function start(request: SyncRequest, byAdmin: AdminRun | null): Promise<FinishedRun> {
    let finished: FinishedRun;
    try {
      finished = await sync.run(request);
    } catch (err) {
      if (err instanceof SyncBusyError) {
        throw conflict(
          request.kind === "user"
            ? /*i18n*/ {
                id: "error.sync.busy-accounts",
                message: "A sync of these accounts is already running",
              }
            : /*i18n*/ { id: "error.sync.busy", message: "A sync is already running" },
        );
      }
      if (err instanceof NoSourceError) {
        throw new HttpError(
          503,
          /*i18n*/ {
            id: "error.sync.no-source",
            message:
              "No sync source is configured: set AIRTABLE_TOKEN and AIRTABLE_BASE_ID, or SYNC_SOURCE_DIR",
          },
        );
      }
      throw err;
    }
    if (byAdmin) {
      const { run } = finished;
      await recordAuditEvent(db, {
        kind: "sync-run",
        actorUserId: byAdmin.adminId,
        subjectUserId: byAdmin.customerId,
        detail: `${run.kind}: ${run.status}, ${run.synced} of ${run.processed} synced, ${run.errors} errors`,
        target: `sync run ${run.id}`,
        targetId: run.id,
        ipAddress: byAdmin.ip,
      });
    }
    if (finished.run.status === "failed") {
      // The run's message is stored with the run, in English, and is quoted as it is.
      throw new HttpError(
        502,
        finished.run.message
          ? /*i18n*/ {
              id: "error.sync.failed",
              message: "Sync failed: {reason}",
              values: { reason: finished.run.message },
            }
          : /*i18n*/ { id: "error.sync.failed-unread", message: "Sync failed: the source could not be read" },
      );
    }
    return finished;
  }

  app.post(
    "/api/admin/sync-users",
    {
      config: { access: "admin" },
      schema: {
        summary: "Sync users from the base",
        body: startSyncSchema,
        response: { 200: syncResultsSchema, ...errors },
      },
    },
    async (request) => {
      const me = request.currentUser;
      const { run, errorDetails } = await start(
        { kind: request.body.kind, trigger: "admin", startedByUserId: me?.id ?? null },
        me ? { adminId: me.id, customerId: null, ip: request.ip } : null,
      );
      const users = `${run.synced} of ${run.processed} records synced`;
      return {
        success: true,
        message:
          run.errors > 0
            ? `${users}; ${run.errors} record${run.errors === 1 ? "" : "s"} could not be synced`
            : users,
        results: { processed: run.processed, synced: run.synced, errors: run.errors, errorDetails },
        run: toSyncRun(run, me?.name ?? null),
      };
    },
  );

  app.get(
    "/api/admin/import-status",
    {
      config: { access: "admin" },
      schema: { summary: "Where the imports stand", response: { 200: importStatusSchema } },
    },
    async (request) => sync.importStatus(replyLanguage(request)),
  );

  app.post(
    "/api/linkedin-sync/user/:uid",
    {
      config: { access: "user" },
      schema: {
        summary: "Sync a customer's accounts now",
        params: z.object({ uid: uidSchema }),
        response: { 200: userSyncResponseSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      // An admin may name any customer; one who does not exist is the caller's mistake, not the base's.
      const ownerId = await ownerIdOfUid(
        db,
        me,
        request.params.uid,
        /*i18n*/ { id: "error.sync.own-only", message: "You can only sync your own accounts" },
      );
      if (ownerId === undefined)
        throw notFound(/*i18n*/ { id: "error.customer.no-uid", message: "No customer has this UID" });
      await hit(db, [{ key: `user-sync:${me.id}`, ...USER_SYNC_LIMIT }]);
      const { tables, errorDetails } = await start(
        { kind: "user", trigger: "customer", startedByUserId: me.id, uid: request.params.uid },
        me.role === "admin" ? { adminId: me.id, customerId: ownerId, ip: request.ip } : null,
      );
      const accounts = tables.linkedinAccounts ?? { processed: 0, synced: 0, errors: 0, removed: 0 };
      const optimizations = tables.profileOptimizations ?? { processed: 0, synced: 0, errors: 0, removed: 0 };
      return {
        success: true,
        message: sayTo(
          request,
          /*i18n*/ {
            id: "answer.sync.synced",
            message:
              "Synced {accounts, plural, one {{accountCount} LinkedIn account} other {{accountCount} LinkedIn accounts}} and {optimizations, plural, one {{optimizationCount} profile optimization} other {{optimizationCount} profile optimizations}}",
            values: {
              accounts: accounts.synced,
              accountCount: String(accounts.synced),
              optimizations: optimizations.synced,
              optimizationCount: String(optimizations.synced),
            },
          },
        ),
        result: {
          processed: accounts.processed,
          synced: accounts.synced,
          errors: errorDetails.length,
          errorDetails,
        },
      };
    },
  );
};

export default syncRoutes;
