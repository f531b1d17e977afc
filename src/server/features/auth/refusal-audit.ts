/**
 * Refused (429) sign-ins and proofs in the audit log, once per lock rather than once per request: the
 * first refusal of a limit's key writes an entry, and further refusals of that key within the limit's
 * window write none (decision 067). A flood of refused requests so costs the log one row per key and
 * window, while the admin and the customer still see that someone was held back, and where from.
 */

import type { Database } from "../../platform/db/database";
import { RateLimitedError, type RateRule, take } from "../../platform/http/rate-limiter";
import { recordAuditEvent } from "../audit";

export interface Refusal {
  /** The account the refused attempt was at; refusals at no known account are not recorded. */
  subjectUserId: number | null;
  /** The signed-in user who was refused, or null when whoever tried is not known. */
  actorUserId: number | null;
  detail: string;
  ipAddress: string;
}

/**
 * Records `err` when it is a refusal, at most once per refusing key and window of `rules` (the rules
 * the attempt was checked against; the refusal names its key). Any other error passes unrecorded.
 */
export async function auditRefusal(
  db: Database,
  err: unknown,
  rules: RateRule[],
  refusal: Refusal,
): Promise<void> {
  if (!(err instanceof RateLimitedError) || refusal.subjectUserId === null) return;
  const rule = rules.find((candidate) => candidate.key === err.key);
  if (!rule) return;
  try {
    await take(db, { key: `refusal-audited:${rule.key}`, limit: 1, windowMs: rule.windowMs });
  } catch (marked) {
    if (marked instanceof RateLimitedError) return;
    throw marked;
  }
  await recordAuditEvent(db, {
    kind: "sign-in-refused",
    actorUserId: refusal.actorUserId,
    subjectUserId: refusal.subjectUserId,
    detail: refusal.detail,
    ipAddress: refusal.ipAddress,
  });
}

/** Runs `attempt`, recording its refusal, if it is refused, as `auditRefusal` does. */
export async function auditingRefusals<T>(
  db: Database,
  rules: RateRule[],
  refusal: Refusal,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    await auditRefusal(db, err, rules, refusal);
    throw err;
  }
}
