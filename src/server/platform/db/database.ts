/**
 * What the rest of the server knows of the database: the typed query builder and the handle a start
 * opens (client.ts makes it). In a file of its own, so the modules client.ts is built from can name
 * the type without importing the client back.
 */
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

/**
 * Whether what a kept read (the session check, session-store.ts) read may still be true: a number
 * that moves on whenever the rows it reads may have changed. The database's own notifications move
 * it for every change, wherever it was made (migrations 0030 and 0037 notify the channel); the portal
 * moves it too around each request that may write, so its own change is never read stale by the next
 * request, even before the database's notification of it has come back (decision 081).
 */
export interface DatabaseChanges {
  /** The generation now, or undefined while the notifications are not proven to arrive: keep nothing. */
  current(): number | undefined;
  /** The portal is about to write, or has written: nothing read before this is kept past it. */
  noteWrite(): void;
  /** Settles once every change committed before the call has been heard (a test's own writes). */
  heard(): Promise<void>;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  changes: DatabaseChanges;
  /** Settles once the database can answer (at once for a server, whose pool connects on demand). */
  ready(): Promise<void>;
  /** Applies the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Round-trips a trivial query and returns how long it took, in milliseconds. */
  ping(): Promise<number>;
  /** PGlite only: a tarball of the data folder, to start another in-memory database from (tests). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}
