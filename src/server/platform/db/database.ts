/**
 * What the rest of the server knows of the database: the typed query builder and the handle a start
 * opens (client.ts makes it). In a file of its own, so the modules client.ts is built from can name
 * the type without importing the client back.
 */
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
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
