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
import { followSessionCheckChanges, SESSION_CHECK_CHANNEL } from "./change-feed";
import type { Database, DatabaseChanges, DatabaseHandle } from "./database";
import { keepPreparedTextsOf, namedStatementRunner } from "./named-statements";
import { prepareDataDir } from "./pglite-template";
import { compilePgliteWasm } from "./pglite-wasm";
import * as schema from "./schema";

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
  // Drizzle's PGlite session calls only these two; each waits for the client to exist.
  const waitingClient = {
    query: async (...args: Parameters<PGliteClient["query"]>) => {
      const [text, params, options] = args;
      if (preparedTexts.has(text)) return (await runNamed)(text, params ?? [], options);
      return (await created).query(...args);
    },
    transaction: async (...args: Parameters<PGliteClient["transaction"]>) =>
      (await created).transaction(...args),
  } as unknown as PGliteClient;
  const db = drizzlePglite({ client: waitingClient, schema }) as unknown as Database;
  keepPreparedTextsOf(db, preparedTexts);
  return {
    db,
    kind: "pglite",
    changes: listenedChanges(up),
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
  // Session checks are kept between changes, which the server notifies (change-feed.ts).
  const changes = followSessionCheckChanges({
    newClient: (config) => new pg.Client(config),
    connectionString: url,
    ...(onChangeFeed ? { onStateChange: onChangeFeed } : {}),
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    changes,
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

/**
 * The embedded database's changes: it belongs to this one process, and notifies its own listener of
 * every change the triggers see. PGlite calls a listener in a microtask queued while it reads the
 * statement's answer, before the statement's caller (or the next statement) runs, so a change is
 * always counted before anything can read past it. Nothing is kept until the listener is in place.
 */
function listenedChanges(up: Promise<PGliteClient>): DatabaseChanges {
  let generation = 0;
  let listening = false;
  up.then((client) =>
    client.listen(SESSION_CHECK_CHANNEL, () => {
      generation++;
    }),
  ).then(
    () => {
      listening = true;
    },
    () => {}, // a failed start surfaces through migrate()
  );
  return {
    current: () => (listening ? generation : undefined),
    noteWrite() {
      generation++;
    },
    heard: () => Promise.resolve(),
  };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}
