/**
 * Rate limits counted in the database, so a limit holds across every instance of the portal. A rule
 * names what is counted (`login-ip:1.2.3.4`), how many hits it allows and over how long. The window
 * slides: a limit counts the hits of the last `windowMs` before now, so no burst fits across a slot
 * boundary, and a lock lasts until enough of those hits are a full window old.
 */
import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitHits } from "../db/schema";
import { HttpError } from "../http/errors";

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

/**
 * Whether more than `allowed` hits of the rule's key fall in the window ending at `now`, and if so
 * the seconds until no more than `allowed` do: until the hit `allowed` places behind the newest is a
 * full window old. Reads at most `allowed + 1` rows, however hard a key is hammered.
 */
async function secondsOverLimit(db: Database, rule: RateRule, allowed: number, now: Date): Promise<number> {
  const newestFirst = await db
    .select({ at: rateLimitHits.at })
    .from(rateLimitHits)
    .where(
      and(eq(rateLimitHits.key, rule.key), gt(rateLimitHits.at, new Date(now.getTime() - rule.windowMs))),
    )
    .orderBy(desc(rateLimitHits.at))
    .limit(allowed + 1);
  const leaving = newestFirst[allowed];
  if (!leaving) return 0;
  return Math.max(1, Math.ceil((leaving.at.getTime() + rule.windowMs - now.getTime()) / 1000));
}

/** Counts one hit against each rule; throws RateLimitedError when any rule is over its limit. */
export async function hit(db: Database, rules: RateRule[], now = new Date()): Promise<void> {
  for (const rule of rules) {
    await db.insert(rateLimitHits).values({ key: rule.key, at: now });
    const wait = await secondsOverLimit(db, rule, rule.limit, now);
    if (wait > 0) throw new RateLimitedError(wait);
  }
}

/** Throws when a rule is already at its limit, without counting a hit (for counting failures only). */
export async function ensureUnder(db: Database, rule: RateRule, now = new Date()): Promise<void> {
  const wait = await secondsOverLimit(db, rule, rule.limit - 1, now);
  if (wait > 0) throw new RateLimitedError(wait);
}

/** Counts a hit without refusing it; pair with `ensureUnder` to limit failures rather than attempts. */
export async function record(db: Database, rule: RateRule, now = new Date()): Promise<void> {
  await db.insert(rateLimitHits).values({ key: rule.key, at: now });
}

export async function deleteOldHits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, olderThan));
}
