/**
 * Write-back of settings changes to the customer's record in the operator's base, through the outbox
 * (decision 025): the change and its job are committed together, then the worker delivers the job and
 * retries it with back-off until the base takes it. Every job holds the whole profile (email, name,
 * username) under the customer's supersede key, so only a customer's newest job is delivered; it
 * stands for the older ones.
 */
import type { FastifyBaseLogger } from "fastify";
import type { WriteBackStatus } from "../../../shared/api/sync";
import { type RecordSource, type RecordUpdate, writesTable } from "../../platform/adapters/records/port";
import type { Database } from "../../platform/db/database";
import { exponentialBackoff, type Outbox, type OutboxJob } from "../../platform/outbox/outbox";
import type { FieldMap } from "./field-map";

export const WRITE_BACK_KIND = "airtable-write-back";
const PER_REQUEST = 10;
/** 30 s doubling up to an hour: about a day of tries before the job waits for an admin. */
const WRITE_BACK_MAX_ATTEMPTS = 30;
export const retryDelayMs = exponentialBackoff(30_000, 60 * 60_000);

export interface ProfileFields {
  email: string;
  name: string;
  username: string | null;
}

interface WriteBackPayload {
  userId: number;
  recordId: string;
  fields: Record<string, string | null>;
}

/** The supersede key of a customer's write-backs (the sync leaves a customer with one pending alone). */
export const WRITE_BACK_KEY_PREFIX = "airtable-user:";
export const writeBackKey = (userId: number) => `${WRITE_BACK_KEY_PREFIX}${userId}`;
/**
 * The supersede key of a customer's "Portal login closed" write-backs: of its own, so a pending
 * profile change is not dropped for it, and a re-opening supersedes a closing still waiting.
 */
export const loginClosedKey = (userId: number) => `airtable-login-closed:${userId}`;

export interface WriteBack {
  /** Queues the profile for the customer's record inside the caller's transaction; null when the customer has no record to write to. */
  enqueue(
    tx: Database,
    user: { id: number; airtableRecordId: string | null },
    profile: ProfileFields,
  ): Promise<number | null>;
  /**
   * Queues the day the customer's portal login closed (null clears it: a claim re-opened the login)
   * for their record, inside the caller's transaction; null when the customer has no record, the
   * source takes no writes, or the field map names no field for it.
   */
  enqueueLoginClosed(
    tx: Database,
    user: { id: number; airtableRecordId: string | null },
    closedAt: Date | null,
  ): Promise<number | null>;
  /** Delivers the job now if it can within `budgetMs`; delivery goes on in the background after that. */
  deliverSoon(entryId: number, budgetMs: number): Promise<WriteBackStatus>;
  /** Delivers every job that is due (write-backs and any other kind); answers how many were delivered. */
  deliverDue(): Promise<number>;
}

export function createWriteBack(
  outbox: Outbox,
  source: RecordSource | undefined,
  fieldMap: FieldMap,
  log: FastifyBaseLogger,
): WriteBack {
  const usersMap = fieldMap.tables.users;
  // A source that writes some tables only (a CSV folder) may not take the customers' table.
  const update = writesTable(source, usersMap.table) ? source?.update?.bind(source) : undefined;

  function toSourceFields(fields: Record<string, string | null>): Record<string, string | null> {
    const out: Record<string, string | null> = {};
    for (const [column, value] of Object.entries(fields)) {
      const field = usersMap.fields[column];
      if (field) out[field] = value;
    }
    return out;
  }

  async function send(jobs: OutboxJob[], outcomes: Map<number, string | null>): Promise<void> {
    if (!update) return;
    for (let i = 0; i < jobs.length; i += PER_REQUEST) {
      const batch = jobs.slice(i, i + PER_REQUEST);
      const updates: RecordUpdate[] = batch.map((job) => {
        const payload = job.payload as WriteBackPayload;
        return { id: payload.recordId, fields: toSourceFields(payload.fields) };
      });
      try {
        await update(usersMap.table, updates);
        for (const job of batch) outcomes.set(job.id, null);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (batch.length > 1) {
          // One bad record (deleted from the base, say) fails the whole request: try them one by one
          // so the others still land.
          for (const job of batch) await send([job], outcomes);
        } else {
          log.warn({ entryId: batch[0]?.id, reason: message }, "write-back to the operator's base failed");
          for (const job of batch) outcomes.set(job.id, message);
        }
      }
    }
  }

  if (update) {
    outbox.register({
      kind: WRITE_BACK_KIND,
      maxAttempts: WRITE_BACK_MAX_ATTEMPTS,
      retryDelayMs,
      forgetPayloadWhenDone: false,
      async deliver(jobs) {
        const outcomes = new Map<number, string | null>();
        await send(jobs, outcomes);
        return outcomes;
      },
    });
  }

  return {
    async enqueue(tx, user, profile) {
      if (!update || !user.airtableRecordId) return null;
      const payload: WriteBackPayload = {
        userId: user.id,
        recordId: user.airtableRecordId,
        fields: { email: profile.email, name: profile.name, username: profile.username },
      };
      return outbox.enqueue(tx, { kind: WRITE_BACK_KIND, payload, supersedeKey: writeBackKey(user.id) });
    },

    async enqueueLoginClosed(tx, user, closedAt) {
      if (!update || !user.airtableRecordId || !usersMap.fields.portalLoginClosed) return null;
      const payload: WriteBackPayload = {
        userId: user.id,
        recordId: user.airtableRecordId,
        // A date (UTC), as an Airtable date field takes it; it also reads well in a text field.
        fields: { portalLoginClosed: closedAt ? closedAt.toISOString().slice(0, 10) : null },
      };
      return outbox.enqueue(tx, { kind: WRITE_BACK_KIND, payload, supersedeKey: loginClosedKey(user.id) });
    },

    async deliverSoon(entryId, budgetMs) {
      return (await outbox.deliverSoon(entryId, budgetMs)) ? "synced" : "pending";
    },

    deliverDue: () => outbox.deliverDue(),
  };
}
