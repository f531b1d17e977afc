/**
 * Opens the database: embedded PGlite (in a folder, or in memory for tests) or a PostgreSQL server.
 * Both are driven through the same Drizzle schema and queries, and both are migrated the same way.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite as PGliteClient } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { pgdataOf } from "../data-folder";
import { migrationsDir } from "../paths";
import { type ChangeFeed, followSessionCheckChanges } from "./change-feed";
import type { Database, DatabaseHandle } from "./database";
import { keepPreparedTextsOf, namedStatementRunner } from "./named-statements";
import { prepareDataDir } from "./pglite-template";
import { compilePgliteWasm } from "./pglite-wasm";
import * as schema from "./schema";
import { followGenerationOf, onlyReads, statementText, WriteCounter } from "./write-generation";

export type DatabaseTarget =
  | {
      kind: "postgres";
      url: string;
      /** Told when kept session checks start or stop being trusted (change-feed.ts), for the log. */
      onChangeFeed?: (live: boolean, reason: string) => void;
    }
  | { kind: "pglite"; dataDir: string }
  /** `from`: a tarball of a data folder (PGlite's dumpDataDir) to start from instead of an empty one. */
  | { kind: "pglite"; inMemory: true; from?: Blob };

// Any fixed number works; it only has to be the same for every instance of the portal.
const MIGRATION_LOCK_KEY = 7_311_001;

/**
 * Whether the database already has every migration: the newest applied one (drizzle's own record)
 * is the journal's newest. Drizzle's migrator applies exactly the migrations newer than the newest
 * applied, so when this holds it would do nothing; a start skips it, and the reading of every
 * migration file and the lock that come with it. A database without the record is not current.
 */
async function schemaIsCurrent(newestApplied: () => Promise<unknown>): Promise<boolean> {
  const [journalText, applied] = await Promise.all([
    readFile(path.join(migrationsDir, "meta", "_journal.json"), "utf8"),
    newestApplied().catch(() => null),
  ]);
  const journal = JSON.parse(journalText) as { entries: Array<{ when: number }> };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  return applied !== null && applied !== undefined && Number(applied) >= newest;
}

const NEWEST_APPLIED_SQL = "select max(created_at) as newest from drizzle.__drizzle_migrations";

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === "postgres" ? openPostgres(target) : openPglite(target);
}

// Each kind's driver loads only when that kind is opened: a start never pays for the other's code.
async function openPglite(
  target: { dataDir: string } | { inMemory: true; from?: Blob },
): Promise<DatabaseHandle> {
  const dir = "dataDir" in target ? pgdataOf(target.dataDir) : undefined;
  // A new data folder is first copied from the build's template: hundreds of files, most of a first
  // start, on a thread of its own while the driver's code loads and the caller builds the app. Its
  // WebAssembly compiles meanwhile, on V8's threads.
  const dataDirPrepared = dir ? prepareDataDir(dir) : Promise.resolve();
  dataDirPrepared.catch(() => {}); // surfaces through migrate()
  const wasmCompiled = compilePgliteWasm();
  const [pgliteModule, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const { PGlite } = pgliteModule;
  // PostgreSQL's default 128 MB of shared buffers is zeroed at every start, which took about 0.4 s
  // of an embedded start. The embedded database serves one process and reads through the operating
  // system's file cache, so 16 MB is plenty (decision 013).
  const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
  // Returned before the database is up: PostgreSQL starts once the data folder is ready, and queries
  // wait for both, so the caller builds the app meanwhile (decision 013). A failed start surfaces
  // through migrate(), which every start runs first.
  const created = Promise.all([dataDirPrepared, wasmCompiled]).then(([, pgliteWasmModule]) =>
    dir
      ? new PGlite(dir, { startParams: PGLITE_START_PARAMS, pgliteWasmModule })
      : new PGlite({
          startParams: PGLITE_START_PARAMS,
          pgliteWasmModule,
          ...("from" in target && target.from ? { loadDataDir: target.from } : {}),
        }),
  );
  const up = created.then(async (client) => {
    await client.waitReady;
    return client;
  });
  up.catch(() => {});
  // The statements built once per database run by name (named-statements.ts).
  const preparedTexts = new Set<string>();
  const runNamed = up.then((client) => namedStatementRunner(client, pgliteModule));
  runNamed.catch(() => {});
  // Drizzle's PGlite session calls only these two; each waits for the client to exist, and counts
  // the writes it passes on before and after they run (write-generation.ts).
  const writes = new WriteCounter();
  const waitingClient = {
    query: async (...args: Parameters<PGliteClient["query"]>) => {
      const reads = onlyReads(args[0]);
      if (!reads) writes.count++;
      try {
        const [text, params, options] = args;
        if (preparedTexts.has(text)) return await (await runNamed)(text, params ?? [], options);
        return await (await created).query(...args);
      } finally {
        if (!reads) writes.count++;
      }
    },
    transaction: async (...args: Parameters<PGliteClient["transaction"]>) => {
      writes.count++;
      try {
        return await (await created).transaction(...args);
      } finally {
        writes.count++;
      }
    },
  } as unknown as PGliteClient;
  const db = drizzlePglite({ client: waitingClient, schema }) as unknown as Database;
  followGenerationOf(db, writes);
  keepPreparedTextsOf(db, preparedTexts);
  return {
    db,
    kind: "pglite",
    ready: () => up.then(() => {}),
    async migrate() {
      const client = await up;
      const current = await schemaIsCurrent(async () => {
        const result = await client.query<{ newest: unknown }>(NEWEST_APPLIED_SQL);
        return result.rows[0]?.newest;
      });
      if (current) return;
      await migratePglite(db as never, { migrationsFolder: migrationsDir });
    },
    ping: () => up.then((client) => timed(() => client.query("select 1"))),
    dumpDataDir: () => up.then((client) => client.dumpDataDir("none")),
    async close() {
      const client = await created.catch(() => undefined); // nothing to close if it never started
      await client?.close();
    },
  };
}

async function openPostgres({
  url,
  onChangeFeed,
}: Extract<DatabaseTarget, { kind: "postgres" }>): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
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
  // Session checks are kept between changes, which the server notifies (change-feed.ts); this
  // instance's own writes count at once, through every connection of the pool.
  const changes = followSessionCheckChanges({
    newClient: (config) => new pg.Client(config),
    connectionString: url,
    ...(onChangeFeed ? { onStateChange: onChangeFeed } : {}),
  });
  pool.on("connect", (client) => countWritesThrough(client, changes));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  followGenerationOf(db, changes);
  return {
    db,
    kind: "postgres",
    ready: () => Promise.resolve(),
    async migrate() {
      const current = await schemaIsCurrent(async () => {
        const result = await pool.query<{ newest: unknown }>(NEWEST_APPLIED_SQL);
        return result.rows[0]?.newest;
      });
      if (current) return;
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
    async close() {
      await changes.close();
      await pool.end();
    },
  };
}

type QueryRunner = (...args: unknown[]) => unknown;

/**
 * Makes a pooled connection count every statement that is not a plain SELECT before it is sent and
 * once it has finished, whether it is called with a callback (as the pool's own `query` does) or
 * for a promise (as a transaction's connection is).
 */
function countWritesThrough(client: { query: unknown }, changes: ChangeFeed): void {
  const query = (client.query as QueryRunner).bind(client);
  client.query = (...args: unknown[]) => {
    if (onlyReads(statementText(args[0]))) return query(...args);
    changes.noteWrite();
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        changes.noteWrite();
        callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    return result instanceof Promise ? result.finally(() => changes.noteWrite()) : result;
  };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}
