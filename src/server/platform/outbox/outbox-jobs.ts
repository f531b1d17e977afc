/**
 * The outbox's jobs in the database (decision 025): claiming due ones under a lease, renewing and
 * giving back a lease, and recording each delivery's outcome. The scheduling is outbox.ts.
 */
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { type OutboxJobRow, outboxJobs } from "../db/schema";

/** The most jobs one claim takes. */
export const CLAIM_BATCH_SIZE = 50;

export type OutboxJob = OutboxJobRow;

export interface NewJob {
  kind: string;
  payload: unknown;
  /** Jobs sharing a key are delivered newest only, which then stands for the older ones. */
  supersedeKey?: string | null;
  /** Not delivered before this instant (a digest that waits for the rest of a burst, say). */
  notBefore?: Date;
}

/** One kind of job and how it is delivered. */
export interface JobKind {
  kind: string;
  /** After this many failed attempts the job is dead: it waits for an admin instead of a retry. */
  maxAttempts: number;
  /** How long to wait after the `attempts`-th failure. */
  retryDelayMs(attempts: number): number;
  /** Empties the payload once delivered (a sealed mail, say). */
  forgetPayloadWhenDone: boolean;
  /**
   * Delivers claimed jobs of this kind: answers, for each job, null when it was delivered or why it
   * failed. A throw fails them all.
   */
  deliver(jobs: OutboxJob[]): Promise<Map<number, string | null>>;
  /**
   * Delivered one at a time, each recorded as done as soon as it is, and only while this run still
   * holds it: for work that must not happen twice (a mail), where a batch recorded at its end would
   * be repeated whole after a crash, or by another instance once a slow batch outlived its lease.
   */
  oneByOne?: boolean;
}

/** Marks a job done inside a transaction of the kind's own (work that queues more work with it). */
export async function markJobDone(tx: Database, jobId: number): Promise<void> {
  await tx
    .update(outboxJobs)
    .set({ doneAt: new Date(), lockedUntil: null, lastError: null, payload: null })
    .where(and(eq(outboxJobs.id, jobId), isNull(outboxJobs.doneAt)));
}

/**
 * Takes due jobs under a lease. A job with a supersede key is taken only when it is the newest of
 * its key and none of its key is in flight, so an older one can never land after a newer one.
 */
export async function claimDueJobs(
  db: Database,
  kinds: string[],
  leaseSeconds: number,
  onlyJobId?: number,
): Promise<OutboxJob[]> {
  if (kinds.length === 0) return [];
  return db.transaction(async (tx) => {
    const newer = sql`select 1 from ${outboxJobs} as newer where newer.supersede_key = ${outboxJobs.supersedeKey} and newer.id > ${outboxJobs.id}`;
    const busy = sql`select 1 from ${outboxJobs} as busy where busy.supersede_key = ${outboxJobs.supersedeKey} and busy.done_at is null and busy.locked_until > now()`;
    const due = await tx
      .select({ id: outboxJobs.id })
      .from(outboxJobs)
      .where(
        and(
          isNull(outboxJobs.doneAt),
          isNull(outboxJobs.deadAt),
          lte(outboxJobs.nextAttemptAt, sql`now()`),
          or(isNull(outboxJobs.lockedUntil), lte(outboxJobs.lockedUntil, sql`now()`)),
          inArray(outboxJobs.kind, kinds),
          onlyJobId === undefined ? undefined : eq(outboxJobs.id, onlyJobId),
          sql`(${outboxJobs.supersedeKey} is null or (not exists (${newer}) and not exists (${busy})))`,
        ),
      )
      .orderBy(outboxJobs.id)
      .limit(CLAIM_BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxJobs)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        attempts: sql`${outboxJobs.attempts} + 1`,
      })
      .where(
        inArray(
          outboxJobs.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * Records how a delivery went: done (and the older jobs of its supersede key with it), or failed,
 * to be tried again after the kind's delay, or dead once its attempts are spent.
 */
export async function settleJob(
  db: Database,
  log: FastifyBaseLogger,
  kind: JobKind,
  job: OutboxJob,
  error: string | null,
): Promise<void> {
  if (error === null) {
    await db
      .update(outboxJobs)
      .set({
        doneAt: new Date(),
        lockedUntil: null,
        lastError: null,
        ...(kind.forgetPayloadWhenDone ? { payload: null } : {}),
      })
      .where(eq(outboxJobs.id, job.id));
    if (job.supersedeKey !== null) {
      // The older jobs of the key are covered by this newer one.
      await db
        .update(outboxJobs)
        .set({ doneAt: new Date(), deadAt: null, lockedUntil: null })
        .where(
          and(
            eq(outboxJobs.supersedeKey, job.supersedeKey),
            lte(outboxJobs.id, job.id),
            isNull(outboxJobs.doneAt),
          ),
        );
    }
    return;
  }
  const dead = job.attempts >= kind.maxAttempts;
  log.warn(
    { jobId: job.id, kind: job.kind, attempts: job.attempts, dead, reason: error },
    "background job failed",
  );
  await db
    .update(outboxJobs)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      ...(dead
        ? { deadAt: new Date() }
        : { nextAttemptAt: new Date(Date.now() + kind.retryDelayMs(job.attempts)) }),
    })
    .where(eq(outboxJobs.id, job.id));
}

/**
 * Renews the lease of a job this run claimed, unless it lapsed and another run claimed it since
 * (each claim counts an attempt, so the count tells): false then, and this run leaves it alone.
 */
export async function renewLease(db: Database, job: OutboxJob, leaseSeconds: number): Promise<boolean> {
  const renewed = await db
    .update(outboxJobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(outboxJobs.id, job.id), eq(outboxJobs.attempts, job.attempts), isNull(outboxJobs.doneAt)))
    .returning({ id: outboxJobs.id });
  return renewed.length > 0;
}

/** Gives a claimed job back at once, unless another run has claimed it since. */
export async function releaseJob(db: Database, job: OutboxJob): Promise<void> {
  await db
    .update(outboxJobs)
    .set({ lockedUntil: null })
    .where(and(eq(outboxJobs.id, job.id), eq(outboxJobs.attempts, job.attempts), isNull(outboxJobs.doneAt)));
}

/** Writes a job inside the caller's transaction (Outbox.enqueue). */
export async function insertJob(tx: Database, job: NewJob): Promise<number> {
  const [row] = await tx
    .insert(outboxJobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      supersedeKey: job.supersedeKey ?? null,
      ...(job.notBefore ? { nextAttemptAt: job.notBefore } : {}),
    })
    .returning({ id: outboxJobs.id });
  if (!row) throw new Error("job insert returned nothing");
  return row.id;
}

export async function isJobDone(db: Database, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ doneAt: outboxJobs.doneAt })
    .from(outboxJobs)
    .where(eq(outboxJobs.id, jobId));
  return row?.doneAt != null;
}

/** Until when a run holds the job; null when none does. */
export async function leaseEndOf(db: Database, jobId: number): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: outboxJobs.lockedUntil })
    .from(outboxJobs)
    .where(eq(outboxJobs.id, jobId));
  return row?.lockedUntil ?? null;
}

/**
 * Makes a pending or dead job due now (Outbox.retryNow), with `record` in the same transaction;
 * false when no such job waits.
 */
export async function makeDueNow(
  db: Database,
  jobId: number,
  record?: (tx: Database, before: OutboxJob) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const waiting = and(eq(outboxJobs.id, jobId), isNull(outboxJobs.doneAt));
    const [before] = await tx.select().from(outboxJobs).where(waiting).for("update");
    if (!before) return false;
    await tx.update(outboxJobs).set({ deadAt: null, nextAttemptAt: new Date() }).where(waiting);
    await record?.(tx, before);
    return true;
  });
}
