/**
 * What a table's writer is to the sync engine: it writes a page of mapped records, lists the records
 * it holds and removes those gone. The writers are in table-writers.ts and requests-writer.ts.
 */
import type { SyncErrorDetail } from "../../../shared/api/sync";
import type { Database } from "../../platform/db/database";
import type { SecretBox } from "../../platform/secrets/secret-box";
import type { Notifier } from "../notifications";
import type { MappedValue } from "./record-mapper";

/** A record that passed mapping, ready to be written. */
export interface ValidRecord {
  recordId: string;
  createdTime: string | undefined;
  values: Record<string, MappedValue>;
}

export interface WriteOutcome {
  synced: number;
  errors: SyncErrorDetail[];
}

export interface WriteContext {
  db: Database;
  secretBox: SecretBox;
  now: Date;
  /** The operator's name of the table, for error details. */
  tableName: string;
  /** Records what the page changed for customers, inside the page's transaction. */
  notifier: Notifier;
  /**
   * No full or incremental run has succeeded before: the base's first import, whose rows were
   * there before the portal and are not news to anyone.
   */
  firstImport: boolean;
}

export interface TableWriter {
  write(ctx: WriteContext, records: ValidRecord[]): Promise<WriteOutcome>;
  /** The record ids of the local rows (of one customer, when `userId` is given). */
  localRecordIds(db: Database, userId?: number): Promise<string[]>;
  /**
   * Removes the rows of these records, unless a run wrote them after `fetchStartedAt` (the records
   * were then seen after all).
   */
  remove(db: Database, recordIds: string[], fetchStartedAt: Date): Promise<void>;
}
