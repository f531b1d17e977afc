/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL, dropped again when the file is done.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the database it made. */
  destroy(): Promise<void>;
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "pglite", inMemory: true });
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }

  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
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
