/**
 * The admin's view of background work that keeps failing, and "Retry now" for one job, recorded in
 * the audit log.
 */
import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  type FailingJob,
  failingJobsSchema,
  retryJobAnswerSchema,
  retryJobParamsSchema,
} from "../../../shared/api/outbox";
import type { Database } from "../../platform/db/database";
import { type OutboxJobRow, outboxJobs } from "../../platform/db/schema";
import { notFound } from "../../platform/http/errors";
import { requireUser } from "../../platform/http/require-user";
import { adminForbiddenSchema } from "../../platform/http/responses";
import { FAILING_AFTER_ATTEMPTS, isFailingJob } from "../../platform/outbox/failing-jobs";
import type { Outbox } from "../../platform/outbox/outbox";
import { recordAuditEvent } from "../audit";

const LIST_LIMIT = 100;

const notSignedIn = errorBodySchema.describe("Not signed in.");
const notAdmin = adminForbiddenSchema;

function toFailingJob(job: OutboxJobRow): FailingJob {
  const dead = job.deadAt !== null;
  return {
    id: job.id,
    kind: job.kind,
    state: dead ? "dead" : "retrying",
    attempts: job.attempts,
    lastError: job.lastError,
    nextAttemptAt: dead ? null : job.nextAttemptAt.toISOString(),
    createdAt: job.createdAt.toISOString(),
  };
}

const outboxRoutes: FastifyPluginAsyncZod<{ db: Database; outbox: Outbox }> = async (app, { db, outbox }) => {
  app.get(
    "/api/admin/outbox",
    {
      config: { access: "admin" },
      schema: {
        summary: "Background work that keeps failing",
        description: `Background jobs (mail, write-backs to the operator's base) that keep failing: dead, or tried ${FAILING_AFTER_ATTEMPTS} times or more and not yet done; newest first, at most ${LIST_LIMIT}. Kind, attempts, last error and next attempt only, never a mail's text or a link.`,
        response: {
          200: failingJobsSchema.describe("The failing jobs; an empty list when all is well."),
          401: notSignedIn,
          403: notAdmin,
        },
      },
    },
    async () => {
      const rows = await db
        .select()
        .from(outboxJobs)
        .where(isFailingJob)
        .orderBy(desc(outboxJobs.id))
        .limit(LIST_LIMIT);
      return { jobs: rows.map(toFailingJob) };
    },
  );

  app.post(
    "/api/admin/outbox/:id/retry",
    {
      config: { access: "admin" },
      schema: {
        summary: "Retry one background job now",
        description:
          "Tries one job that is not done yet (a dead one too) again now; it keeps its attempts, so a dead job that fails again stays dead.",
        params: retryJobParamsSchema,
        response: {
          200: retryJobAnswerSchema.describe("The job is due now; the worker has been woken."),
          400: errorBodySchema.describe("The id is not a positive whole number."),
          401: notSignedIn,
          403: notAdmin,
          404: errorBodySchema.describe("No job with this id is waiting: it is done, or there is none."),
        },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const retried = await outbox.retryNow(request.params.id, (tx, job) =>
        recordAuditEvent(tx, {
          kind: "outbox-retried",
          actorUserId: admin.id,
          subjectUserId: null,
          target: job.kind,
          targetId: job.id,
          detail: `${job.deadAt ? "Dead" : "Still retried"} after ${job.attempts} attempt${job.attempts === 1 ? "" : "s"}${job.lastError ? `: ${job.lastError}` : ""}`,
          ipAddress: request.ip,
        }),
      );
      if (!retried)
        throw notFound(
          /*i18n*/ { id: "error.outbox.no-job-waiting", message: "No job with this id is waiting" },
        );
      return { ok: true as const, message: "The job will be tried again now." };
    },
  );
};

export default outboxRoutes;
