/**
 * Rate limits counted in the database (fixed windows), so a limit holds across every instance of
 * the portal. A rule names what is counted (`login-ip:1.2.3.4`), how many hits a window allows and
 * how long the window is.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitCounters } from "../db/schema";
import { HttpError } from "./http-error";

export interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
}

export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
  }
}

function windowStart(rule: RateRule, now: Date): Date {
  return new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
}

function retryAfter(rule: RateRule, now: Date): number {
  return Math.ceil((windowStart(rule, now).getTime() + rule.windowMs - now.getTime()) / 1000);
}

/** Counts one hit against each rule; throws RateLimitedError when any rule is over its limit. */
export async function hit(db: Database, rules: RateRule[], now = new Date()): Promise<void> {
  for (const rule of rules) {
    const start = windowStart(rule, now);
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key: rule.key, windowStart: start, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    if ((row?.hits ?? 0) > rule.limit) throw new RateLimitedError(retryAfter(rule, now));
  }
}

/** Throws when a rule is already at its limit, without counting a hit (for counting failures only). */
export async function ensureUnder(db: Database, rule: RateRule, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(
      and(eq(rateLimitCounters.key, rule.key), eq(rateLimitCounters.windowStart, windowStart(rule, now))),
    );
  if ((row?.hits ?? 0) >= rule.limit) throw new RateLimitedError(retryAfter(rule, now));
}

/** Counts a hit without refusing it; pair with `ensureUnder` to limit failures rather than attempts. */
export async function record(db: Database, rule: RateRule, now = new Date()): Promise<void> {
  await hit(db, [{ ...rule, limit: Number.MAX_SAFE_INTEGER }], now);
}

export async function deleteOldCounters(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, olderThan));
}
