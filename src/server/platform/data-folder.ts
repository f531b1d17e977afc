/**
 * Where the embedded database lives: DATA_DIR's default and the database's folder inside it. One
 * definition for the configuration, the driver, backups and the entry point's early copy (main.ts),
 * which reads them before the configuration's own code has loaded.
 */
import path from "node:path";

export const DEFAULT_DATA_DIR = "./data";

/** Where the embedded database of a DATA_DIR lives. */
export const pgdataOf = (dataDir: string) => path.join(dataDir, "pgdata");
