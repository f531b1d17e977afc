/**
 * Rate limits counted in the database, so a limit holds across every instance of the portal. A rule
 * names what is counted (`login-ip:1.2.3.4`), how many hits it allows and over how long. The window
 * slides: a limit counts the hits of the last `windowMs` before now, so no burst fits across a slot
 * boundary, and a lock lasts until enough of those hits are a full window old.
 */
import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitHits } from "../db/schema";
import type { ServerMessage } from "../i18n/message";
import { HttpError } from "./errors";

export interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
}

/** How long to wait, in words: seconds under a minute (a growing delay), minutes beyond. */
function waitInWords(seconds: number): ServerMessage {
  if (seconds < 60) {
    return /*i18n*/ {
      id: "wait.seconds",
      message: "{seconds, plural, one {{count} second} other {{count} seconds}}",
      values: { seconds, count: String(seconds) },
    };
  }
  const minutes = Math.ceil(seconds / 60);
  return /*i18n*/ {
    id: "wait.minutes",
    message: "{minutes, plural, one {{count} minute} other {{count} minutes}}",
    values: { minutes, count: String(minutes) },
  };
}

export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      /*i18n*/ {
        id: "error.rate-limited",
        message: "Too many attempts. Please wait {wait} and try again.",
        values: { wait: waitInWords(Math.max(1, retryAfterSeconds)) },
      },
    );
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

/** After `free` hits in the window, each further one waits twice as long as the one before. */
export interface Spacing {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * Like `ensureUnder`, and spaces the hits out once `free` of them fall in the window: the next may
 * come `firstDelayMs` after the newest, then twice that, and so on up to `maxDelayMs`. Guessing slows
 * down long before the limit, and a refusal lasts only as long as the delay the last hit earned,
 * except at the limit itself, which still waits for the oldest hit to leave the window.
 */
export async function ensureSpaced(
  db: Database,
  rule: RateRule,
  spacing: Spacing,
  now = new Date(),
): Promise<void> {
  const newestFirst = await db
    .select({ at: rateLimitHits.at })
    .from(rateLimitHits)
    .where(
      and(eq(rateLimitHits.key, rule.key), gt(rateLimitHits.at, new Date(now.getTime() - rule.windowMs))),
    )
    .orderBy(desc(rateLimitHits.at))
    .limit(rule.limit);
  const leaving = newestFirst[rule.limit - 1];
  if (leaving) {
    throw new RateLimitedError(Math.ceil((leaving.at.getTime() + rule.windowMs - now.getTime()) / 1000));
  }
  const [newest] = newestFirst;
  if (!newest || newestFirst.length < spacing.free) return;
  const delayMs = Math.min(
    spacing.firstDelayMs * 2 ** (newestFirst.length - spacing.free),
    spacing.maxDelayMs,
  );
  const waitMs = newest.at.getTime() + delayMs - now.getTime();
  if (waitMs > 0) throw new RateLimitedError(Math.ceil(waitMs / 1000));
}

/** Counts a hit without refusing it; pair with `ensureUnder` to limit failures rather than attempts. */
export async function record(db: Database, rule: RateRule, now = new Date()): Promise<void> {
  await db.insert(rateLimitHits).values({ key: rule.key, at: now });
}

export async function deleteOldHits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, olderThan));
}
