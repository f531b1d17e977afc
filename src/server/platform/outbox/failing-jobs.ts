/** Which background jobs count as failing: the admin's list and the dashboard's count agree on it. */
import { and, gte, isNotNull, isNull, or } from "drizzle-orm";
import { outboxJobs } from "../db/schema";

/** From this many attempts a job that is still retried counts as failing. */
export const FAILING_AFTER_ATTEMPTS = 3;

/** Not done, and dead or tried `FAILING_AFTER_ATTEMPTS` times or more. */
export const isFailingJob = and(
  isNull(outboxJobs.doneAt),
  or(isNotNull(outboxJobs.deadAt), gte(outboxJobs.attempts, FAILING_AFTER_ATTEMPTS)),
);
