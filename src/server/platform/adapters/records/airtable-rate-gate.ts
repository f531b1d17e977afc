/**
 * Keeps every call to an Airtable base within the base's rate limit (5 requests per second), across
 * every instance of the portal that shares the database: the base's request schedule is one row,
 * and each call atomically reserves the next free slot in it, then waits for that slot. The row's
 * times come from the database's clock, so instances with skewed clocks still agree. After a 429 the
 * schedule is pushed past Airtable's 30-second penalty, which holds back every instance at once.
 */
import { sql } from "drizzle-orm";
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
 * A request that leaves late (its process was busy when its slot came) lands closer to the ones
 * after it, so slots are spaced a little wider than 1000 / 5 ms: 15 ms each, 75 ms over five
 * requests, for 7.5% of throughput. And a caller that wakes more than LATE_WAKE_MS after its slot
 * gives the slot up and takes the next free one rather than crowd the requests behind it.
 */
const SPACING_MARGIN_MS = 15;
const LATE_WAKE_MS = 25;
/** A caller that keeps waking late (an overloaded machine) sends anyway rather than wait forever. */
const MAX_RESCHEDULES = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function databaseRequestGate(
  db: Database,
  baseId: string,
  requestsPerSecond = AIRTABLE_REQUESTS_PER_SECOND,
): RequestGate {
  const intervalSeconds = (1000 / requestsPerSecond + SPACING_MARGIN_MS) / 1000;
  const interval = sql`make_interval(secs => ${intervalSeconds}::float8)`;

  /** Takes the next free slot of the base; answers how long until it comes. */
  async function reserve(): Promise<number> {
    const [row] = await db
      .insert(airtableRequestSlots)
      .values({ baseId, nextSlotAt: sql`clock_timestamp() + ${interval}` })
      .onConflictDoUpdate({
        target: airtableRequestSlots.baseId,
        set: {
          nextSlotAt: sql`greatest(${airtableRequestSlots.nextSlotAt}, clock_timestamp()) + ${interval}`,
        },
      })
      .returning({
        // The reserved slot is the one before the new next slot.
        waitMs: sql<number>`extract(epoch from (${airtableRequestSlots.nextSlotAt} - ${interval} - clock_timestamp()))::float8 * 1000`,
      });
    return Math.max(0, Number(row?.waitMs ?? 0));
  }

  return {
    async acquire() {
      for (let attempt = 0; ; attempt++) {
        const waitMs = await reserve();
        const due = Date.now() + waitMs;
        if (waitMs > 0) await sleep(waitMs);
        if (Date.now() - due <= LATE_WAKE_MS || attempt >= MAX_RESCHEDULES) return;
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
