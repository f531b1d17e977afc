/**
 * Write-back of settings changes to the customer's record in the operator's base, through an outbox:
 * the change and its outbox entry are committed together, then a dispatcher delivers the entry and
 * retries it with back-off until the base takes it. Every entry holds the whole profile (email, name,
 * username), so only a customer's newest entry needs delivering; it stands for the older ones.
 */
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { WriteBackStatus } from "../../../shared/api/sync";
import type { RecordSource, RecordUpdate } from "../../adapters/records/port";
import type { Database } from "../../db/client";
import { airtableOutbox } from "../../db/schema";
import type { FieldMap } from "./field-map";

const CLAIM_BATCH = 50;
const CLAIM_LEASE_SECONDS = 120;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
const PER_REQUEST = 10;

export interface ProfileFields {
  email: string;
  name: string;
  username: string | null;
}

export interface WriteBack {
  /** Queues the profile for the customer's record inside the caller's transaction; null when the customer has no record to write to. */
  enqueue(
    tx: Database,
    user: { id: number; airtableRecordId: string | null },
    profile: ProfileFields,
  ): Promise<number | null>;
  /** Delivers the entry now if it can within `budgetMs`; delivery goes on in the background after that. */
  deliverSoon(entryId: number, budgetMs: number): Promise<WriteBackStatus>;
  /** Delivers every entry that is due; answers how many were delivered. */
  deliverDue(): Promise<number>;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export function createWriteBack(
  db: Database,
  source: RecordSource | undefined,
  fieldMap: FieldMap,
  log: FastifyBaseLogger,
): WriteBack {
  const usersMap = fieldMap.tables.users;

  function toSourceFields(fields: Record<string, string | null>): Record<string, string | null> {
    const out: Record<string, string | null> = {};
    for (const [column, value] of Object.entries(fields)) {
      const field = usersMap.fields[column];
      if (field) out[field] = value;
    }
    return out;
  }

  /**
   * Takes due entries for delivery: only a customer's newest entry, and none of a customer who has one
   * in flight already, so an older profile can never land after a newer one.
   */
  async function claim(onlyEntryId?: number) {
    return db.transaction(async (tx) => {
      const newer = sql`select 1 from ${airtableOutbox} as newer where newer.user_id = ${airtableOutbox.userId} and newer.id > ${airtableOutbox.id}`;
      const inFlight = sql`select 1 from ${airtableOutbox} as busy where busy.user_id = ${airtableOutbox.userId} and busy.sent_at is null and busy.locked_until > now()`;
      const due = await tx
        .select({ id: airtableOutbox.id })
        .from(airtableOutbox)
        .where(
          and(
            isNull(airtableOutbox.sentAt),
            lte(airtableOutbox.nextAttemptAt, sql`now()`),
            onlyEntryId === undefined ? undefined : eq(airtableOutbox.id, onlyEntryId),
            sql`not exists (${newer})`,
            sql`not exists (${inFlight})`,
          ),
        )
        .orderBy(airtableOutbox.id)
        .limit(CLAIM_BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(airtableOutbox)
        .set({
          lockedUntil: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
          attempts: sql`${airtableOutbox.attempts} + 1`,
        })
        .where(
          inArray(
            airtableOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function delivered(entries: Array<typeof airtableOutbox.$inferSelect>) {
    for (const entry of entries) {
      // Older entries of the same customer are covered by this newer, whole profile.
      await db
        .update(airtableOutbox)
        .set({ sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(
          and(
            eq(airtableOutbox.userId, entry.userId),
            lte(airtableOutbox.id, entry.id),
            isNull(airtableOutbox.sentAt),
          ),
        );
    }
  }

  async function failed(entries: Array<typeof airtableOutbox.$inferSelect>, message: string) {
    for (const entry of entries) {
      await db
        .update(airtableOutbox)
        .set({
          lockedUntil: null,
          lastError: message,
          nextAttemptAt: new Date(Date.now() + retryDelayMs(entry.attempts)),
        })
        .where(eq(airtableOutbox.id, entry.id));
    }
  }

  async function send(entries: Array<typeof airtableOutbox.$inferSelect>): Promise<number> {
    const update = source?.update?.bind(source);
    if (!update) return 0;
    let count = 0;
    for (let i = 0; i < entries.length; i += PER_REQUEST) {
      const batch = entries.slice(i, i + PER_REQUEST);
      const updates: RecordUpdate[] = batch.map((entry) => ({
        id: entry.airtableRecordId,
        fields: toSourceFields(entry.fields),
      }));
      try {
        await update(usersMap.table, updates);
        await delivered(batch);
        count += batch.length;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (batch.length > 1) {
          // One bad record (deleted from the base, say) fails the whole request: try them one by one
          // so the others still land.
          for (const entry of batch) count += await send([entry]);
        } else {
          log.warn({ entryId: batch[0]?.id, reason: message }, "write-back to the operator's base failed");
          await failed(batch, message);
        }
      }
    }
    return count;
  }

  async function deliver(onlyEntryId?: number): Promise<number> {
    let total = 0;
    for (;;) {
      const entries = await claim(onlyEntryId);
      if (entries.length === 0) return total;
      total += await send(entries);
      if (onlyEntryId !== undefined || entries.length < CLAIM_BATCH) return total;
    }
  }

  return {
    async enqueue(tx, user, profile) {
      if (!source?.update || !user.airtableRecordId) return null;
      const [entry] = await tx
        .insert(airtableOutbox)
        .values({
          userId: user.id,
          airtableRecordId: user.airtableRecordId,
          fields: { email: profile.email, name: profile.name, username: profile.username },
        })
        .returning({ id: airtableOutbox.id });
      return entry?.id ?? null;
    },

    async deliverSoon(entryId, budgetMs) {
      const attempt = deliver(entryId).catch((err: unknown) => {
        log.warn({ err, entryId }, "write-back delivery failed");
        return 0;
      });
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, budgetMs);
      });
      await Promise.race([attempt, budget]);
      clearTimeout(timer);
      const [entry] = await db
        .select({ sentAt: airtableOutbox.sentAt })
        .from(airtableOutbox)
        .where(eq(airtableOutbox.id, entryId));
      return entry?.sentAt ? "synced" : "pending";
    },

    deliverDue: () => deliver(),
  };
}
