import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import {
  CLAIM_BATCH_SIZE,
  claimDueJobs,
  insertJob,
  isJobDone,
  type JobKind,
  leaseEndOf,
  makeDueNow,
  type NewJob,
  type OutboxJob,
  releaseJob,
  renewLease,
  settleJob,
} from "./outbox-jobs";

const DEFAULT_LEASE_SECONDS = 120;
/** Runs at once in one instance, so a mail server that stalls does not hold up the jobs behind it. */
const MAX_RUNS = 4;

export type { JobKind, NewJob, OutboxJob } from "./outbox-jobs";

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

export { markJobDone } from "./outbox-jobs";

export function exponentialBackoff(baseMs: number, maxMs: number): (attempts: number) => number {
  return (attempts) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
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

  async function deliverOneByOne(kind: JobKind, jobs: OutboxJob[]): Promise<number> {
    let delivered = 0;
    for (const job of jobs) {
      if (closed) {
        // Stopping: what this run claimed and did not start goes back at once, for the next run.
        await releaseJob(db, job);
        continue;
      }
      if (!(await renewLease(db, job, leaseSeconds))) continue;
      let error: string | null;
      try {
        const outcomes = await kind.deliver([job]);
        error = outcomes.has(job.id) ? (outcomes.get(job.id) ?? null) : "not delivered";
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      await settleJob(db, log, kind, job, error);
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
        await settleJob(db, log, kind, job, error);
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
      const jobs = await claimDueJobs(db, [...kinds.keys()], leaseSeconds, onlyJobId);
      claimed += jobs.length;
      if (jobs.length === 0) return { delivered, claimed };
      delivered += await deliverClaimed(jobs);
      if (onlyJobId !== undefined || jobs.length < CLAIM_BATCH_SIZE || closed) return { delivered, claimed };
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

    enqueue: insertJob,

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
      const isDone = () => isJobDone(db, jobId);
      // Another run may hold the job already: then its outcome is waited for, within the budget.
      const attempt = track(
        (async () => {
          await deliverOnce(jobId).catch((err: unknown) => log.warn({ err, jobId }, "delivery failed"));
          while (!(await isDone()) && Date.now() < deadline - 50) {
            const lockedUntil = await leaseEndOf(db, jobId);
            if (!lockedUntil || lockedUntil.getTime() <= Date.now()) return;
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
      const retried = await makeDueNow(db, jobId, record);
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
