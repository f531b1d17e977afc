/**
 * `npm run db:backup [FILE]` and `npm run db:restore FILE`: the embedded database's backups
 * (see backup.ts). With DATABASE_URL set there is nothing of the portal's to copy: the command says
 * how to use pg_dump and pg_restore instead.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../config";
import { BackupError, backupEmbedded, backupFileName, restoreEmbedded } from "./backup";

const POSTGRES_ADVICE = [
  "DATABASE_URL is set: this portal's data is in a PostgreSQL server, which backs up with its own tools:",
  '  pg_dump --format=custom --file=portal.dump "$DATABASE_URL"',
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" portal.dump',
  "Stop the portals before a restore; they migrate the restored schema on their next start if it is older.",
].join("\n");

async function main(args: string[]): Promise<number> {
  const [command, file] = args;
  if (command !== "backup" && command !== "restore") {
    process.stderr.write("Use: db-backup backup [FILE] | db-backup restore FILE\n");
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write(`${POSTGRES_ADVICE}\n`);
    return 2;
  }
  if (command === "backup") {
    const target = file ?? path.join(config.dataDir, "backups", backupFileName());
    const bytes = await backupEmbedded(config.dataDir, target);
    process.stdout.write(`Backed up the embedded database to ${target} (${(bytes / 1e6).toFixed(1)} MB)\n`);
    return 0;
  }
  if (!file) {
    process.stderr.write("Name the backup to restore: npm run db:restore -- FILE\n");
    return 2;
  }
  const { keptAt } = await restoreEmbedded(config.dataDir, file);
  process.stdout.write(`Restored the embedded database from ${file}\n`);
  if (keptAt)
    process.stdout.write(`The database it replaced is kept in ${keptAt}; remove it when you are sure.\n`);
  return 0;
}

// exitCode, not exit(): output to a pipe is written after this tick, and exit() would cut it off.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const known = err instanceof BackupError || err instanceof ConfigError;
    process.stderr.write(`${known ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
