/**
 * Durable background work (decision 025): a job is written in the same transaction as the change
 * that causes it, then any instance claims it FOR UPDATE SKIP LOCKED under a lease, delivers it and
 * marks it done, or retries it with exponential back-off until its kind gives up and it is dead
 * (still listed, for an admin to retry). The worker runs when kicked, right after a commit, and on a
 * timer; closing waits for the delivery under way.
 */
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { type OutboxJobRow, outboxJobs } from "../db/schema";

const CLAIM_BATCH = 50;
const DEFAULT_LEASE_SECONDS = 120;
/** Runs at once in one instance, so a mail server that stalls does not hold up the jobs behind it. */
const MAX_RUNS = 4;

export type OutboxJob = OutboxJobRow;

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

export interface NewJob {
  kind: string;
  payload: unknown;
  /** Jobs sharing a key are delivered newest only, which then stands for the older ones. */
  supersedeKey?: string | null;
  /** Not delivered before this instant (a digest that waits for the rest of a burst, say). */
  notBefore?: Date;
}

export interface Outbox {
  register(kind: JobKind): void;
  /** Writes a job inside the caller's transaction; call `kick()` once it has committed. */
  enqueue(tx: Database, job: NewJob): Promise<number>;
  /** Delivers what is due soon, in the background (after a commit that queued a job). */
  kick(): void;
  /** Delivers due jobs until none is left that can be delivered now (tests, scripts). */
  drain(): Promise<void>;
  /** Tries to deliver one job within `budgetMs`; answers whether it is done by then. */
  deliverSoon(jobId: number, budgetMs: number): Promise<boolean>;
  /** Delivers every due job once; answers how many were delivered. */
  deliverDue(): Promise<number>;
  /**
   * Makes a pending or dead job due now: one more attempt (a dead one that fails again stays dead).
   * `record` runs in the same transaction, with the job as it stood before (an audit entry, say).
   */
  retryNow(jobId: number, record?: (tx: Database, before: OutboxJob) => Promise<void>): Promise<boolean>;
  /** Runs the worker every `intervalMs` until close. */
  start(intervalMs: number): void;
  /** Stops the timer and waits for the delivery under way. */
  close(): Promise<void>;
}

export function exponentialBackoff(baseMs: number, maxMs: number): (attempts: number) => number {
  return (attempts) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Marks a job done inside a transaction of the kind's own (work that queues more work with it). */
export async function markJobDone(tx: Database, jobId: number): Promise<void> {
  await tx
    .update(outboxJobs)
    .set({ doneAt: new Date(), lockedUntil: null, lastError: null, payload: null })
    .where(and(eq(outboxJobs.id, jobId), isNull(outboxJobs.doneAt)));
}

export function createOutbox(
  db: Database,
  log: FastifyBaseLogger,
  options: { leaseSeconds?: number } = {},
): Outbox {
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const kinds = new Map<string, JobKind>();
  const inFlight = new Set<Promise<unknown>>();
  const runs = new Set<Promise<number>>();
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  };

  /**
   * Takes due jobs under a lease. A job with a supersede key is taken only when it is the newest of
   * its key and none of its key is in flight, so an older one can never land after a newer one.
   */
  async function claim(onlyJobId?: number): Promise<OutboxJob[]> {
    if (kinds.size === 0) return [];
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
            inArray(outboxJobs.kind, [...kinds.keys()]),
            onlyJobId === undefined ? undefined : eq(outboxJobs.id, onlyJobId),
            sql`(${outboxJobs.supersedeKey} is null or (not exists (${newer}) and not exists (${busy})))`,
          ),
        )
        .orderBy(outboxJobs.id)
        .limit(CLAIM_BATCH)
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

  async function settle(kind: JobKind, job: OutboxJob, error: string | null): Promise<void> {
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
  async function stillHeld(job: OutboxJob): Promise<boolean> {
    const renewed = await db
      .update(outboxJobs)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(outboxJobs.id, job.id), eq(outboxJobs.attempts, job.attempts), isNull(outboxJobs.doneAt)))
      .returning({ id: outboxJobs.id });
    return renewed.length > 0;
  }

  async function deliverOneByOne(kind: JobKind, jobs: OutboxJob[]): Promise<number> {
    let delivered = 0;
    for (const job of jobs) {
      if (closed) {
        // Stopping: what this run claimed and did not start goes back at once, for the next run.
        await db
          .update(outboxJobs)
          .set({ lockedUntil: null })
          .where(
            and(eq(outboxJobs.id, job.id), eq(outboxJobs.attempts, job.attempts), isNull(outboxJobs.doneAt)),
          );
        continue;
      }
      if (!(await stillHeld(job))) continue;
      let error: string | null;
      try {
        const outcomes = await kind.deliver([job]);
        error = outcomes.has(job.id) ? (outcomes.get(job.id) ?? null) : "not delivered";
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      await settle(kind, job, error);
      if (error === null) delivered += 1;
    }
    return delivered;
  }

  async function deliverClaimed(jobs: OutboxJob[]): Promise<number> {
    let delivered = 0;
    for (const [name, kind] of kinds) {
      const ofKind = jobs.filter((job) => job.kind === name);
      if (ofKind.length === 0) continue;
      if (kind.oneByOne) {
        delivered += await deliverOneByOne(kind, ofKind);
        continue;
      }
      let outcomes: Map<number, string | null>;
      try {
        outcomes = await kind.deliver(ofKind);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        outcomes = new Map(ofKind.map((job) => [job.id, message]));
      }
      for (const job of ofKind) {
        const error = outcomes.has(job.id) ? (outcomes.get(job.id) ?? null) : "not delivered";
        await settle(kind, job, error);
        if (error === null) delivered += 1;
      }
    }
    return delivered;
  }

  /** Claims and delivers; answers how many were delivered, and how many were claimed. */
  async function deliverOnce(onlyJobId?: number): Promise<{ delivered: number; claimed: number }> {
    let delivered = 0;
    let claimed = 0;
    for (;;) {
      const jobs = await claim(onlyJobId);
      claimed += jobs.length;
      if (jobs.length === 0) return { delivered, claimed };
      delivered += await deliverClaimed(jobs);
      if (onlyJobId !== undefined || jobs.length < CLAIM_BATCH || closed) return { delivered, claimed };
    }
  }

  /**
   * A kick starts a run, up to a few at once (the claim keeps them apart); past that, a kick asks a
   * run under way for one more pass.
   */
  function run(): void {
    if (runs.size >= MAX_RUNS) {
      again = true;
      return;
    }
    const started = track(
      (async () => {
        let total = 0;
        do {
          again = false;
          total += (await deliverOnce()).delivered;
        } while (again && !closed);
        return total;
      })(),
    );
    runs.add(started);
    started.then(
      () => runs.delete(started),
      (err: unknown) => {
        runs.delete(started);
        log.error({ err }, "background work failed");
      },
    );
  }

  const outbox: Outbox = {
    register(kind) {
      kinds.set(kind.kind, kind);
    },

    async enqueue(tx, job) {
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
    },

    kick() {
      if (closed) return;
      setImmediate(() => {
        if (!closed) run();
      });
    },

    async drain() {
      for (;;) {
        await Promise.allSettled([...runs]);
        const { claimed } = await track(deliverOnce());
        if (claimed === 0 && runs.size === 0) return;
      }
    },

    async deliverSoon(jobId, budgetMs) {
      const deadline = Date.now() + budgetMs;
      const isDone = async () => {
        const [row] = await db
          .select({ doneAt: outboxJobs.doneAt })
          .from(outboxJobs)
          .where(eq(outboxJobs.id, jobId));
        return row?.doneAt != null;
      };
      // Another run may hold the job already: then its outcome is waited for, within the budget.
      const attempt = track(
        (async () => {
          await deliverOnce(jobId).catch((err: unknown) => log.warn({ err, jobId }, "delivery failed"));
          while (!(await isDone()) && Date.now() < deadline - 50) {
            const [row] = await db
              .select({ lockedUntil: outboxJobs.lockedUntil })
              .from(outboxJobs)
              .where(eq(outboxJobs.id, jobId));
            if (!row?.lockedUntil || row.lockedUntil.getTime() <= Date.now()) return;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })(),
      );
      let budgetTimer: NodeJS.Timeout | undefined;
      const budget = new Promise<void>((resolve) => {
        budgetTimer = setTimeout(resolve, budgetMs);
      });
      await Promise.race([attempt, budget]);
      clearTimeout(budgetTimer);
      return isDone();
    },

    async deliverDue() {
      return (await track(deliverOnce())).delivered;
    },

    async retryNow(jobId, record) {
      const retried = await db.transaction(async (tx) => {
        const waiting = and(eq(outboxJobs.id, jobId), isNull(outboxJobs.doneAt));
        const [before] = await tx.select().from(outboxJobs).where(waiting).for("update");
        if (!before) return false;
        await tx.update(outboxJobs).set({ deadAt: null, nextAttemptAt: new Date() }).where(waiting);
        await record?.(tx, before);
        return true;
      });
      if (retried) outbox.kick();
      return retried;
    },

    start(intervalMs) {
      if (closed || timer) return;
      timer = setInterval(() => outbox.kick(), intervalMs);
      timer.unref();
    },

    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  return outbox;
}
