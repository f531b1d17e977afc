/**
 * Where synced records come from: the operator's Airtable base, or a folder of CSV files with the
 * same columns. Sources speak in the source's own table and field names; the field map translates.
 */

/** One record as the source holds it: field name → value, with empty fields left out. */
export interface SourceRecord {
  id: string;
  /** When the record was created, where the source knows it (Airtable does). */
  createdTime?: string;
  fields: Record<string, unknown>;
}

export interface ListQuery {
  /** Only records changed after this instant. */
  modifiedSince?: Date;
  /** Only records whose field equals this text (one customer's records, by UID). */
  fieldEquals?: { field: string; value: string };
}

export interface RecordUpdate {
  id: string;
  /** Source field name → new value; null clears the field. */
  fields: Record<string, string | null>;
}

/** A record to create: source field name → value (empty values left out). */
export interface RecordCreate {
  fields: Record<string, string>;
}

export interface RecordSource {
  readonly kind: "airtable" | "csv";
  /** What an admin may see about the source: a base id or a folder name, never a credential. */
  readonly description: string;
  /** The table's records, a page at a time, in the source's order. */
  list(table: string, query?: ListQuery): AsyncIterable<SourceRecord[]>;
  /** Writes fields back to records; absent on read-only sources. */
  update?(table: string, updates: RecordUpdate[]): Promise<void>;
  /** Creates records; answers their ids in the order given. Absent on sources that take no new records. */
  create?(table: string, records: RecordCreate[]): Promise<string[]>;
  /**
   * The only tables `update` and `create` may write, when the source writes some tables only (a CSV
   * folder writes the replacement requests' file and nothing else); every table when absent.
   */
  readonly writableTables?: readonly string[];
}

/** Whether the source takes writes to this table. */
export function writesTable(source: RecordSource | undefined, table: string): boolean {
  return source !== undefined && (source.writableTables?.includes(table) ?? true);
}

/** The source could not be read or written at all (as opposed to one bad record). */
export class SourceError extends Error {
  override name = "SourceError";
}
