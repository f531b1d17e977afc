/** Rate limits over a sliding window, counted in the database. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";
import { rateLimitBudgets, rateLimitHits } from "../../../src/server/platform/db/schema";
import {
  deleteOldHits,
  giveBack,
  hit,
  RateLimitedError,
  take,
  takeAll,
  takeSpaced,
} from "../../../src/server/platform/http/rate-limiter";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

const MINUTE = 60_000;
const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 24, 14, minute, second));

let keyCounter = 0;
const newRule = (limit: number, windowMs = 15 * MINUTE) => ({ key: `test:${++keyCounter}`, limit, windowMs });

async function refusal(attempt: Promise<void>): Promise<RateLimitedError | undefined> {
  try {
    await attempt;
    return undefined;
  } catch (err) {
    if (err instanceof RateLimitedError) return err;
    throw err;
  }
}

describe("rate limits over a sliding window", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("counts a burst across what would be a 15-minute slot boundary as one burst", async () => {
    const rule = newRule(10);
    const db = database.db;
    // 14:14:50 to 14:15:10: two fixed 15-minute slots would have allowed 10 in each.
    for (let i = 0; i < 5; i++) await hit(db, [rule], at(14, 50 + i));
    for (let i = 0; i < 5; i++) await hit(db, [rule], at(15, i));
    const eleventh = await refusal(hit(db, [rule], at(15, 10)));
    expect(eleventh).toBeInstanceOf(RateLimitedError);
    expect(eleventh?.statusCode).toBe(429);
  });

  it("keeps a lock until the hits that caused it are a full window old, to the second", async () => {
    const rule = newRule(3);
    const db = database.db;
    await hit(db, [rule], at(0, 0));
    await hit(db, [rule], at(1, 0));
    await hit(db, [rule], at(2, 0));
    // The 4th, at 14:03, is over: it is allowed once the 14:00 hit leaves, at 14:15.
    expect((await refusal(hit(db, [rule], at(3, 0))))?.retryAfterSeconds).toBe(12 * 60);
    // Refused hits count too, so hammering on keeps the lock: with 14:03 and 14:14:59 counted, the
    // 14:00 and 14:01 hits must both leave, at 14:16.
    expect((await refusal(hit(db, [rule], at(14, 59))))?.retryAfterSeconds).toBe(61);
    // At 14:16:30 the window still holds 14:02, 14:03 and 14:14:59.
    expect(await refusal(hit(db, [rule], at(16, 30)))).toBeInstanceOf(RateLimitedError);
    expect(await refusal(hit(db, [rule], at(18, 1)))).toBeUndefined();
  });

  it("takes a hit before the attempt is checked, gives it back for a right one, and refuses at the limit without taking one", async () => {
    const rule = newRule(2);
    const db = database.db;
    const first = await take(db, rule, at(0));
    await giveBack(db, [first]);
    await take(db, rule, at(1));
    await take(db, rule, at(5));
    const locked = await refusal(take(db, rule, at(6)).then(() => {}));
    expect(locked?.retryAfterSeconds).toBe(10 * 60);
    expect(locked?.key).toBe(rule.key);
    // Refused ones took nothing: once the 14:01 hit is 15 minutes old, one more may come.
    expect(await refusal(take(db, rule, at(14, 59)).then(() => {}))).toBeInstanceOf(RateLimitedError);
    expect(await refusal(take(db, rule, at(16, 1)).then(() => {}))).toBeUndefined();
  });

  it("gives back the hits of the rules before the one that refuses", async () => {
    const db = database.db;
    const wide = newRule(5);
    const narrow = newRule(1);
    await take(db, narrow, at(0));
    expect(await refusal(takeAll(db, [wide, narrow], at(1)).then(() => {}))).toBeInstanceOf(RateLimitedError);
    const [row] = await db.select().from(rateLimitBudgets).where(eq(rateLimitBudgets.key, wide.key));
    expect(row?.taken).toEqual([]);
  });

  it("lets no more than the limit through when attempts come at once from two instances", async () => {
    // On PostgreSQL two pools, as two processes would have; PGlite has one connection, which runs
    // the statements one after another anyway.
    const other = database.url ? await openDatabase({ kind: "postgres", url: database.url }) : undefined;
    try {
      const rule = newRule(5);
      const handles = [database.db, other?.db ?? database.db];
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => take(handles[i % 2] ?? database.db, rule, at(0, i % 10))),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(refused.every((o) => o.reason instanceof RateLimitedError)).toBe(true);
    } finally {
      await other?.close();
    }
  });

  it("keeps keys apart", async () => {
    const one = newRule(1);
    const other = newRule(1);
    const db = database.db;
    await hit(db, [one], at(0));
    expect(await refusal(hit(db, [other], at(0)))).toBeUndefined();
    expect(await refusal(hit(db, [one], at(0, 1)))).toBeInstanceOf(RateLimitedError);
  });

  it("removes only hits older than the cut-off", async () => {
    const rule = newRule(100);
    const db = database.db;
    await db.delete(rateLimitHits);
    await hit(db, [rule], at(0));
    await hit(db, [rule], at(30));
    await deleteOldHits(db, at(10));
    expect((await db.select().from(rateLimitHits)).map((h) => h.at)).toEqual([at(30)]);
  });
  it("spaces hits out with growing delays after the free ones, and still holds the limit", async () => {
    const db = database.db;
    const rule = newRule(10);
    const spacing = { free: 3, firstDelayMs: 1_000, maxDelayMs: 8_000 };
    // A granted check takes its hit; a refused one takes none.
    const check = (now: Date) => refusal(takeSpaced(db, rule, spacing, now).then(() => {}));
    // Three free ones at once.
    for (let i = 0; i < 3; i++) expect(await check(at(0, 0))).toBeUndefined();
    // Then 1 s after the newest, 2 s, 4 s, 8 s, and 8 s from there on.
    let now = at(0, 0).getTime();
    for (const delaySeconds of [1, 2, 4, 8, 8, 8, 8]) {
      const early = await check(new Date(now + delaySeconds * 1000 - 1));
      expect(early?.retryAfterSeconds, `delay ${delaySeconds}`).toBe(1);
      expect(early?.message).toBe("Too many attempts. Please wait 1 second and try again.");
      if (delaySeconds > 1) expect((await check(new Date(now + 500)))?.retryAfterSeconds).toBe(delaySeconds);
      now += delaySeconds * 1000;
      expect(await check(new Date(now))).toBeUndefined();
    }
    // Ten in the window: the next waits until the oldest is 15 minutes old, whatever the spacing.
    const atLimit = await check(new Date(now + 60_000));
    expect(atLimit?.retryAfterSeconds).toBe(15 * 60 - 60 - 39);
    expect(atLimit?.message).toBe("Too many attempts. Please wait 14 minutes and try again.");
    expect(await check(at(15, 0))).toBeUndefined();
  });

  it("gives a spaced hit back, so a right attempt leaves the spacing as it was", async () => {
    const db = database.db;
    const rule = newRule(10);
    const spacing = { free: 1, firstDelayMs: 60_000, maxDelayMs: 60_000 };
    const first = await takeSpaced(db, rule, spacing, at(0));
    expect(first).toEqual({ key: rule.key, at: at(0) });
    await giveBack(db, [first]);
    // With the first given back, the next is a free one again rather than a minute's wait.
    await takeSpaced(db, rule, spacing, at(0, 1));
    expect((await refusal(takeSpaced(db, rule, spacing, at(0, 2)).then(() => {})))?.retryAfterSeconds).toBe(
      59,
    );
  });

  it("refuses the very first attempt of a rule that allows none", async () => {
    const db = database.db;
    const spacing = { free: 3, firstDelayMs: 1_000, maxDelayMs: 8_000 };
    expect(await refusal(take(db, newRule(0), at(0)).then(() => {}))).toBeInstanceOf(RateLimitedError);
    expect(await refusal(takeSpaced(db, newRule(0), spacing, at(0)).then(() => {}))).toBeInstanceOf(
      RateLimitedError,
    );
  });

  it("lets only the free ones through when spaced attempts come at once from two instances", async () => {
    const other = database.url ? await openDatabase({ kind: "postgres", url: database.url }) : undefined;
    try {
      const rule = newRule(10);
      const spacing = { free: 3, firstDelayMs: 1_000, maxDelayMs: 8_000 };
      const handles = [database.db, other?.db ?? database.db];
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => takeSpaced(handles[i % 2] ?? database.db, rule, spacing, at(0))),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
      const [row] = await database.db
        .select()
        .from(rateLimitBudgets)
        .where(eq(rateLimitBudgets.key, rule.key));
      expect(row?.taken).toHaveLength(3);
    } finally {
      await other?.close();
    }
  });

  it("says how long to wait in seconds under a minute and in whole minutes, rounded up, beyond", () => {
    const wait = (seconds: number) => new RateLimitedError(seconds).message;
    expect(wait(1)).toBe("Too many attempts. Please wait 1 second and try again.");
    expect(wait(0)).toBe("Too many attempts. Please wait 1 second and try again.");
    expect(wait(59)).toBe("Too many attempts. Please wait 59 seconds and try again.");
    expect(wait(60)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(wait(61)).toBe("Too many attempts. Please wait 2 minutes and try again.");
    expect(wait(12 * 60)).toBe("Too many attempts. Please wait 12 minutes and try again.");
    expect(new RateLimitedError(720)).toMatchObject({ statusCode: 429, retryAfterSeconds: 720 });
  });
});
