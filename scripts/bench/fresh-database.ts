/** A database of its own for a benchmark: dropped after, whatever the run left in it. */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../src/server/platform/db/client";
import type { DatabaseHandle } from "../../src/server/platform/db/database";

/** A database of its own: a folder of the embedded one, or a new database on DATABASE_URL's server. */
export async function freshDatabase(label: string): Promise<{
  database: DatabaseHandle;
  dataDir: string;
  /** The connection string of the new database, on a PostgreSQL server. */
  url?: string;
  drop(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `${label.replace(/_/g, "-")}-`));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: "pglite", dataDir });
    return { database, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `${label}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  return {
    database,
    dataDir,
    url: url.toString(),
    async drop() {
      await admin(`drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
