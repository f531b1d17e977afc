/**
 * What the admin's dashboard counts as needing attention: payments that found no customer, background
 * jobs that keep failing, and how the last sync ended, in one round trip.
 */
import { and, count, desc, isNotNull, isNull, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Attention, attentionSchema } from "../../../shared/api/admin-attention";
import type { Database } from "../../platform/db/database";
import { outboxJobs, syncRuns, transactions } from "../../platform/db/schema";
import { adminForbiddenSchema, errorBody } from "../../platform/http/responses";
import { isFailingJob } from "../../platform/outbox/failing-jobs";

async function attentionCounts(db: Database): Promise<Attention> {
  const [[unlinked], [failing], [lastRun]] = await Promise.all([
    db.select({ n: count() }).from(transactions).where(isNull(transactions.userId)),
    db.select({ n: count() }).from(outboxJobs).where(isFailingJob),
    db
      .select({
        id: syncRuns.id,
        kind: syncRuns.kind,
        status: syncRuns.status,
        finishedAt: syncRuns.finishedAt,
        errors: syncRuns.errors,
      })
      .from(syncRuns)
      // A customer's Sync Now of their own accounts says nothing about the base as a whole.
      .where(and(ne(syncRuns.kind, "user"), ne(syncRuns.status, "running"), isNotNull(syncRuns.finishedAt)))
      .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
      .limit(1),
  ]);
  return {
    unlinkedPayments: unlinked?.n ?? 0,
    failingJobs: failing?.n ?? 0,
    lastSync:
      lastRun?.finishedAt && lastRun.status !== "running"
        ? {
            id: lastRun.id,
            kind: lastRun.kind,
            status: lastRun.status,
            finishedAt: lastRun.finishedAt.toISOString(),
            errors: lastRun.errors,
          }
        : null,
  };
}

const attentionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/admin/attention",
    {
      config: { access: "admin" },
      schema: {
        summary: "What needs an admin's attention",
        description:
          "For the admin's dashboard: how many payments named no known customer, how many background jobs keep failing (dead, or tried three times or more), and the latest finished sync of the whole base with how it ended (null before the first).",
        response: {
          200: attentionSchema.describe("The counts and the last sync."),
          401: errorBody("Not signed in."),
          403: adminForbiddenSchema,
        },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return attentionCounts(db);
    },
  );
};

export default attentionRoutes;
