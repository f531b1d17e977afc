/**
 * Rate limits counted in the database, so a limit holds across every instance of the portal. A rule
 * names what is counted (`login-ip:1.2.3.4`), how many hits it allows and over how long. The window
 * slides: a limit counts the hits of the last `windowMs` before now, so no burst fits across a slot
 * boundary, and a lock lasts until enough of those hits are a full window old.
 */
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rateLimitBudgets, rateLimitHits } from "../db/schema";
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
  /** `key`: the rule's key that refused, for a caller that records refusals. */
  constructor(
    readonly retryAfterSeconds: number,
    readonly key?: string,
  ) {
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
    if (wait > 0) throw new RateLimitedError(wait, rule.key);
  }
}

/** A hit taken by `take`, to give back when the attempt it was taken for turns out right. */
export interface TakenHit {
  key: string;
  at: Date;
}

/**
 * Takes a hit of the rule before the attempt it stands for is checked, or throws RateLimitedError
 * when the window already holds `limit` of them; a refused attempt takes none, so a lock lasts until
 * the oldest hit is a full window old, however hard the key is hammered. Counting and deciding are
 * one upsert of the key's row, which PostgreSQL runs under the row's lock against its newest
 * version: attempts at once, on any number of instances, pass at most `limit` times. (Checking
 * first and counting a failure after it let 40 attempts at once pass 8 to 14 times a limit of 5.)
 * Inside a transaction the row stays locked until it ends, so the attempts at one key queue there.
 */
export async function take(db: Database, rule: RateRule, now = new Date()): Promise<TakenHit> {
  const since = new Date(now.getTime() - rule.windowMs).toISOString();
  // Read against the row as it was before this upsert: its hits still in the window, oldest first.
  const live = sql`array(select t.at from unnest(${rateLimitBudgets.taken}) as t(at) where t.at > ${since}::timestamptz order by t.at)`;
  const room = sql`cardinality(${live}) < ${rule.limit}`;
  const result = await db
    .insert(rateLimitBudgets)
    .values({ key: rule.key, taken: [now], granted: rule.limit > 0, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimitBudgets.key,
      set: {
        taken: sql`case when ${room} then ${live} || array[${now.toISOString()}::timestamptz] else ${live} end`,
        granted: room,
        updatedAt: now,
      },
    })
    .returning({
      granted: rateLimitBudgets.granted,
      oldestMs: sql<
        string | number | null
      >`(select extract(epoch from min(t.at)) * 1000 from unnest(${rateLimitBudgets.taken}) as t(at))`,
    });
  const [row] = result;
  if (!row) throw new Error("rate limit upsert returned nothing");
  if (!row.granted) {
    const oldest = Number(row.oldestMs ?? now.getTime());
    throw new RateLimitedError(Math.ceil((oldest + rule.windowMs - now.getTime()) / 1000), rule.key);
  }
  return { key: rule.key, at: now };
}

/**
 * Takes a hit of each rule, in order; when one refuses, the hits taken before it are given back, so
 * a refused attempt counts against none of them.
 */
export async function takeAll(db: Database, rules: RateRule[], now = new Date()): Promise<TakenHit[]> {
  const taken: TakenHit[] = [];
  try {
    for (const rule of rules) taken.push(await take(db, rule, now));
  } catch (err) {
    await giveBack(db, taken);
    throw err;
  }
  return taken;
}

/** Gives taken hits back: the attempts they stood for were right, and only wrong ones count. */
export async function giveBack(db: Database, taken: TakenHit[]): Promise<void> {
  for (const { key, at } of taken) {
    const when = sql`${at.toISOString()}::timestamptz`;
    const position = sql`array_position(${rateLimitBudgets.taken}, ${when})`;
    await db
      .update(rateLimitBudgets)
      .set({
        taken: sql`${rateLimitBudgets.taken}[:${position} - 1] || ${rateLimitBudgets.taken}[${position} + 1:]`,
      })
      .where(and(eq(rateLimitBudgets.key, key), sql`${when} = any(${rateLimitBudgets.taken})`));
  }
}

/** Forgets every hit of a key: what they stood for no longer counts (a proof made since, say). */
export async function forget(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
  await db.delete(rateLimitBudgets).where(eq(rateLimitBudgets.key, key));
}

/** After `free` hits in the window, each further one waits twice as long as the one before. */
export interface Spacing {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * `take`, with the hits spaced out once `free` of them fall in the window: the next may come
 * `firstDelayMs` after the newest, then twice that, and so on up to `maxDelayMs`. Guessing slows
 * down long before the limit, and a refusal lasts only as long as the delay the last hit earned,
 * except at the limit itself, which waits for the oldest hit to leave the window. Deciding and
 * counting are one upsert, as in `take`: checking first and counting a failure after it let 40
 * guesses sent at once all be checked against a limit of 10.
 */
export async function takeSpaced(
  db: Database,
  rule: RateRule,
  spacing: Spacing,
  now = new Date(),
): Promise<TakenHit> {
  const since = new Date(now.getTime() - rule.windowMs).toISOString();
  const at = sql`${now.toISOString()}::timestamptz`;
  const live = sql`array(select t.at from unnest(${rateLimitBudgets.taken}) as t(at) where t.at > ${since}::timestamptz order by t.at)`;
  const count = sql`cardinality(${live})`;
  // The earliest moment the next hit may come after the newest one in the window.
  const delayMs = sql`least(${spacing.firstDelayMs}::float8 * power(2, ${count} - ${spacing.free}), ${spacing.maxDelayMs}::float8)`;
  const room = sql`(${count} < ${rule.limit} and (${count} < ${spacing.free} or (${live})[${count}] + ${delayMs} * interval '1 millisecond' <= ${at}))`;
  const [row] = await db
    .insert(rateLimitBudgets)
    .values({ key: rule.key, taken: [now], granted: rule.limit > 0, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimitBudgets.key,
      set: {
        taken: sql`case when ${room} then ${live} || array[${at}] else ${live} end`,
        granted: room,
        updatedAt: now,
      },
    })
    .returning({
      granted: rateLimitBudgets.granted,
      count: sql<number>`cardinality(${rateLimitBudgets.taken})`,
      oldestMs: sql<string | number | null>`extract(epoch from ${rateLimitBudgets.taken}[1]) * 1000`,
      newestMs: sql<
        string | number | null
      >`extract(epoch from ${rateLimitBudgets.taken}[cardinality(${rateLimitBudgets.taken})]) * 1000`,
    });
  if (!row) throw new Error("rate limit upsert returned nothing");
  if (!row.granted) {
    const count = Number(row.count);
    const until =
      count >= rule.limit
        ? Number(row.oldestMs ?? now.getTime()) + rule.windowMs
        : Number(row.newestMs ?? now.getTime()) +
          Math.min(spacing.firstDelayMs * 2 ** (count - spacing.free), spacing.maxDelayMs);
    throw new RateLimitedError(Math.max(1, Math.ceil((until - now.getTime()) / 1000)), rule.key);
  }
  return { key: rule.key, at: now };
}

export async function deleteOldHits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, olderThan));
  // A key untouched since then holds only hits as old.
  await db.delete(rateLimitBudgets).where(lt(rateLimitBudgets.updatedAt, olderThan));
}
