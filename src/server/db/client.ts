/**
 * Opens the database: embedded PGlite (in a folder, or in memory for tests) or a PostgreSQL server.
 * Both are driven through the same Drizzle schema and queries, and both are migrated the same way.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir, projectRoot } from "../paths";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Round-trips a trivial query and returns how long it took, in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite"; inMemory: true };

// Any fixed number works; it only has to be the same for every instance of the portal.
const MIGRATION_LOCK_KEY = 7_311_001;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === "postgres" ? openPostgres(target.url) : openPglite(target);
}

async function openPglite(target: { dataDir: string } | { inMemory: true }): Promise<DatabaseHandle> {
  let client: PGlite;
  if ("dataDir" in target) {
    const dir = path.join(target.dataDir, "pgdata");
    const template = existsSync(path.join(dir, "PG_VERSION")) ? undefined : migratedTemplate();
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }),
    ping: () => timed(() => client.query("select 1")),
    close: () => client.close(),
  };
}

/**
 * The build's copy of an empty database with every migration applied (scripts/build-server.mjs),
 * made by the PGlite version installed here; a new database starts from it rather than from initdb,
 * which takes most of a first start (decision 013). Migrations still run after, as on any start.
 */
function migratedTemplate(): string | undefined {
  try {
    const pglite = path.join(projectRoot, "node_modules/@electric-sql/pglite/package.json");
    const { version } = JSON.parse(readFileSync(pglite, "utf8")) as { version: string };
    const file = path.join(projectRoot, "dist/server", `pgdata-template-${version}.tar`);
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Fail a statement rather than hang a request forever on a stuck server.
    statement_timeout: 30_000,
  });
  // An idle client that loses its server emits 'error'; without a listener that would end the process.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: () => timed(() => db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}
