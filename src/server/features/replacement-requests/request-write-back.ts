import type { Database } from "../../platform/db/database";

/**
 * How a request reaches the operator's base. The sync feature provides it (decision 040); the
 * requests only queue their request's write-back with their own transaction and kick it after commit.
 */
export interface RequestWriteBack {
  /** Queues the request's write-back inside the caller's transaction; null when no source takes it. */
  enqueue(tx: Database, requestId: number): Promise<number | null>;
  /** Starts delivery once the transaction that queued a job has committed. */
  kick(): void;
}
