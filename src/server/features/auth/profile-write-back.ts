import type { WriteBackStatus } from "../../../shared/api/sync";
import type { Database } from "../../platform/db/database";

/**
 * How a settings change reaches the customer's record in the operator's base. The sync feature
 * provides it; settings only needs to queue the change with its own transaction and ask how it went.
 */
export interface ProfileWriteBack {
  /** Queues the profile inside the caller's transaction; null when the customer has no record to write to. */
  enqueue(
    tx: Database,
    user: { id: number; airtableRecordId: string | null },
    profile: { email: string; name: string; username: string | null },
  ): Promise<number | null>;
  /**
   * Queues, inside the caller's transaction, the date the customer's portal login closed (null: a
   * claim re-opened it) for their record; null when there is no record or no field to write it to.
   */
  enqueueLoginClosed(
    tx: Database,
    user: { id: number; airtableRecordId: string | null },
    closedAt: Date | null,
  ): Promise<number | null>;
  /** Tries to deliver within `budgetMs`; "pending" means it will be retried in the background. */
  deliverSoon(entryId: number, budgetMs: number): Promise<WriteBackStatus>;
}
