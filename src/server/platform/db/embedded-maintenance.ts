/**
 * What PostgreSQL's autovacuum does for a server, done for the embedded database, which runs as a
 * single backend and so has no autovacuum of its own (decision 045). Without it PGlite never gathers
 * statistics: its planner then takes every table for a few rows and reads a customer's 5,000
 * transactions and sorts them for a page of 50, instead of reading the page off the list's index.
 * Dead rows that updates leave behind are never reclaimed either.
 *
 * The thresholds are autovacuum's defaults: a table is analyzed once more than 50 rows plus 10 % of
 * it changed since its last analysis, and vacuumed once its dead rows pass 50 plus 20 %.
 */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "./database";

const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
/** Autovacuum wakes every minute by default; so does this. */
const INTERVAL_MS = 60_000;

interface DueTable {
  name: string;
  vacuum: boolean;
}

/** The portal's tables whose statistics are stale or whose dead rows are due to be reclaimed. */
async function dueTables(database: DatabaseHandle): Promise<DueTable[]> {
  // Constants, written into the statement: as parameters PostgreSQL would take them for bigints.
  const overAnalyze = sql.raw(`n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE} * n_live_tup`);
  const overVacuum = sql.raw(`n_dead_tup > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE} * n_live_tup`);
  // A backend sends its counts of changed rows to the shared statistics at most once a second; the
  // embedded database's only backend is the one asking, so it first sends what it has.
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  return database.db
    .select({ name: sql<string>`relname`, vacuum: sql<boolean>`${overVacuum}` })
    .from(sql`pg_stat_user_tables`)
    .where(sql`schemaname = 'public' and (${overAnalyze} or ${overVacuum})`)
    .orderBy(sql`relname`);
}

/**
 * One pass: analyzes (and where due vacuums) every table that needs it, one table at a time. Does
 * nothing on a PostgreSQL server, whose autovacuum does this. Returns the tables it looked after.
 */
export async function maintainEmbeddedDatabase(database: DatabaseHandle): Promise<DueTable[]> {
  if (database.kind !== "pglite") return [];
  const due = await dueTables(database);
  for (const table of due) {
    const name = sql.identifier(table.name);
    await database.db.execute(table.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
  }
  return due;
}

/**
 * Runs a pass now and then every minute, on the embedded database only; the returned function stops
 * it. A pass is a few tens of milliseconds per table of thousands of rows, on the portal's own thread,
 * as a sync's writes are.
 */
export function scheduleEmbeddedMaintenance(database: DatabaseHandle, log: FastifyBaseLogger): () => void {
  if (database.kind !== "pglite") return () => {};
  const pass = () => {
    maintainEmbeddedDatabase(database).then(
      (tables) => {
        if (tables.length > 0) log.debug({ tables }, "embedded database maintained");
      },
      (err: unknown) => log.warn({ err }, "embedded database maintenance failed"),
    );
  };
  pass();
  const timer = setInterval(pass, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
