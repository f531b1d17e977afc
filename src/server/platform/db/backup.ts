/**
 * Backups of the embedded database (decision 042): PGlite's own dump of its data folder, one gzipped
 * tarball, and a restore that starts a data folder from one. A PostgreSQL server is backed up with
 * its own tools (pg_dump), which know its locks, roles and versions better than the portal could.
 *
 * PGlite is a database in one process: its folder must not be read while a portal has it open, or
 * the copy may hold half a write. PGlite keeps `postmaster.pid` in the folder while it is open, so
 * both commands refuse while that file is there.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pgdataOf } from "../data-folder";

export class BackupError extends Error {
  override name = "BackupError";
}

function refuseWhileOpen(pgdata: string): void {
  if (existsSync(path.join(pgdata, "postmaster.pid"))) {
    throw new BackupError(
      `The database in ${pgdata} is open: stop the portal first. If no portal is running, it stopped without closing the database: start it once and stop it with Ctrl+C or SIGTERM.`,
    );
  }
}

/** The default name of a new backup: its time, so backups sort by age. */
export function backupFileName(now = new Date()): string {
  return `portal-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
}

/** Writes the embedded database of `dataDir` to `file`; answers its size in bytes. */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  const pgdata = pgdataOf(dataDir);
  if (!existsSync(path.join(pgdata, "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database in ${pgdata} to back up.`);
  }
  refuseWhileOpen(pgdata);
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite(pgdata);
  try {
    // Asked of a database still starting, a dump waits on nothing that keeps Node running: the
    // process would end quietly halfway.
    await client.waitReady;
    const dump = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside and renamed, so an interrupted backup never looks like a whole one.
    const partial = `${file}.partial`;
    await writeFile(partial, dump);
    await rename(partial, file);
    return dump.length;
  } finally {
    await client.close();
  }
}

/**
 * Replaces the embedded database of `dataDir` with the one in `file`. The database it replaces is
 * kept beside it (`pgdata.before-restore-<time>`) until the operator removes it, so a restore of the
 * wrong file loses nothing. The backup is checked by opening it before it takes the place.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<{ keptAt: string | null }> {
  const pgdata = pgdataOf(dataDir);
  let tarball: Buffer;
  try {
    tarball = await readFile(file);
  } catch (err) {
    throw new BackupError(`${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"}).`);
  }
  if (existsSync(pgdata)) refuseWhileOpen(pgdata);

  const incoming = `${pgdata}.restoring`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  try {
    const client = new PGlite(incoming, { loadDataDir: new Blob([new Uint8Array(tarball)]) });
    await client.query("select 1");
    await client.close();
  } catch (err) {
    await rm(incoming, { recursive: true, force: true });
    throw new BackupError(
      `${file} is not a backup of the embedded database (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  let keptAt: string | null = null;
  if (existsSync(pgdata)) {
    keptAt = `${pgdata}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    await rename(pgdata, keptAt);
  }
  await rename(incoming, pgdata);
  return { keptAt };
}
