/**
 * Keeps every call to an Airtable base within the base's rate limit (5 requests per second), across
 * every instance of the portal that shares the database: the base's schedule is one row, the
 * earliest time the next request may leave, and a call takes it atomically once it has come. Its
 * times come from the database's clock, so instances with skewed clocks still agree. After a 429 the
 * schedule is pushed past Airtable's 30-second penalty, which holds back every instance at once.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { airtableRequestSlots } from "../../db/schema";

export interface RequestGate {
  /** Resolves when this caller may send one request. */
  acquire(): Promise<void>;
  /** No request may be sent for this long (after a 429). */
  holdOff(ms: number): Promise<void>;
}

export const AIRTABLE_REQUESTS_PER_SECOND = 5;
/**
 * Airtable counts requests as they arrive, and a sixth inside one second costs a 30-second penalty.
 * A request leaves a moment after its slot is taken, so slots are spaced a little wider than
 * 1000 / 5 ms: 15 ms each, 75 ms over five requests, for 7.5% of throughput.
 */
const SPACING_MARGIN_MS = 15;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function databaseRequestGate(
  db: Database,
  baseId: string,
  requestsPerSecond = AIRTABLE_REQUESTS_PER_SECOND,
): RequestGate {
  const intervalSeconds = (1000 / requestsPerSecond + SPACING_MARGIN_MS) / 1000;
  const interval = sql`make_interval(secs => ${intervalSeconds}::float8)`;

  /**
   * Takes the base's slot if it has come, and moves the next one an interval past now: 0, send at
   * once. Otherwise how long until it comes. The slot is taken when the request is about to leave,
   * never ahead of it: a caller whose process was busy when its turn came only delays itself, and
   * the requests after it are still spaced from the moment it really left.
   */
  async function takeIfDue(): Promise<number> {
    const taken = await db
      .insert(airtableRequestSlots)
      .values({ baseId, nextSlotAt: sql`clock_timestamp() + ${interval}` })
      .onConflictDoUpdate({
        target: airtableRequestSlots.baseId,
        set: { nextSlotAt: sql`clock_timestamp() + ${interval}` },
        setWhere: sql`${airtableRequestSlots.nextSlotAt} <= clock_timestamp()`,
      })
      .returning({ baseId: airtableRequestSlots.baseId });
    if (taken.length > 0) return 0;
    const [slot] = await db
      .select({
        waitMs: sql<number>`extract(epoch from (${airtableRequestSlots.nextSlotAt} - clock_timestamp()))::float8 * 1000`,
      })
      .from(airtableRequestSlots)
      .where(eq(airtableRequestSlots.baseId, baseId));
    // At least a millisecond: a slot that has just come is taken on the next try.
    return Math.max(1, Number(slot?.waitMs ?? 1));
  }

  return {
    async acquire() {
      for (;;) {
        const waitMs = await takeIfDue();
        if (waitMs === 0) return;
        await sleep(waitMs);
      }
    },
    async holdOff(ms) {
      const until = sql`clock_timestamp() + make_interval(secs => ${ms / 1000}::float8)`;
      await db
        .insert(airtableRequestSlots)
        .values({ baseId, nextSlotAt: until })
        .onConflictDoUpdate({
          target: airtableRequestSlots.baseId,
          set: { nextSlotAt: sql`greatest(${airtableRequestSlots.nextSlotAt}, ${until})` },
        });
    },
  };
}
