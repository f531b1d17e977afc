/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL, dropped again when the file is done.
 *
 * Each is a copy of a template migrated once per run (decision 027), not a database migrated anew:
 * PGlite starts from a tarball of the template's data folder, PostgreSQL makes the database with
 * `create database … template …`. The first test file that needs the template makes it, under a
 * lock (a folder for PGlite, an advisory lock for PostgreSQL), and the others wait for it. Run
 * outside Vitest's global setup (tests/support/database-templates.ts), each database is migrated.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase } from "../../src/server/platform/db/client";
import type { DatabaseHandle } from "../../src/server/platform/db/database";
import type { DatabaseTemplates } from "./database-templates";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the database it made. */
  destroy(): Promise<void>;
  url?: string;
}

// Any fixed number works; it only has to differ from the portal's own migration lock.
const TEMPLATE_LOCK_KEY = 7_311_027;
const TEMPLATE_WAIT_MS = 180_000;

function templates(): DatabaseTemplates | undefined {
  try {
    return inject("databaseTemplates");
  } catch {
    return undefined;
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const run = templates();
  if (!serverUrl) {
    const from = run ? await pgliteTemplate(run.dir) : undefined;
    const handle = await openDatabase({ kind: "pglite", inMemory: true, ...(from ? { from } : {}) });
    // A no-op on the template's copy; it checks that the copy is as new as the code.
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }

  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (run) {
      await ensurePostgresTemplate(admin, serverUrl, run.postgresTemplate);
      await admin.query(`create database ${name} template ${run.postgresTemplate}`);
    } else {
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ kind: "postgres", url });
  await handle.migrate();
  return {
    ...handle,
    url,
    async destroy() {
      // A test may already have closed the connection on purpose; the database must go all the same.
      await handle.close().catch(() => {});
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The run's migrated PGlite data folder as a tarball: made by the first file to get the lock, read by the rest. */
async function pgliteTemplate(dir: string): Promise<Blob> {
  const file = path.join(dir, "pglite-template.tar");
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  try {
    mkdirSync(path.join(dir, "pglite-template.lock"));
  } catch {
    return new Blob([readFileSync(await whenWritten(file))]);
  }
  const handle = await openDatabase({ kind: "pglite", inMemory: true });
  await handle.migrate();
  const blob = await (handle.dumpDataDir as () => Promise<Blob>)();
  await handle.close();
  writeFileSync(`${file}.partial`, Buffer.from(await blob.arrayBuffer()));
  renameSync(`${file}.partial`, file);
  return blob;
}

/** Waits for another test file to finish writing `file` (it is renamed into place whole). */
async function whenWritten(file: string): Promise<string> {
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`no database template at ${file}: its maker failed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return file;
}

/** Makes the run's PostgreSQL template database once; concurrent callers wait on the advisory lock. */
async function ensurePostgresTemplate(admin: pg.Client, serverUrl: string, template: string): Promise<void> {
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (found.rowCount) return;
    await admin.query(`create database ${template}`);
    const handle = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, template) });
    try {
      await handle.migrate();
    } finally {
      // No connection may stay open on a template, or copying it fails.
      await handle.close();
    }
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
  }
}
