/**
 * The portal's entry point. The start itself is start.ts; this file only gets the longest step of a
 * first start going before start.ts and the rest of the server's code load, which takes about a
 * tenth of a second: a new embedded database is copied from the build's template on a thread of its
 * own, and PGlite's WebAssembly compiles on V8's (decision 059). It reads DATA_DIR and DATABASE_URL
 * as the configuration will, without the configuration's code; the driver then takes the copy and
 * the compiled module under way (prepareDataDir, compilePgliteWasm).
 */
import path from "node:path";
import { DEFAULT_DATA_DIR, pgdataOf } from "./platform/data-folder";
import { startPreparingDataDir } from "./platform/db/pglite-template";
import { compilePgliteWasm } from "./platform/db/pglite-wasm";

/** Unset or blank, as the configuration reads it (loadConfig). */
const given = (value: string | undefined) => (value?.trim() ? value : undefined);

const embedded = !given(process.env.DATABASE_URL);
const copying = embedded
  ? startPreparingDataDir(pgdataOf(path.resolve(given(process.env.DATA_DIR) ?? DEFAULT_DATA_DIR)))
  : undefined;
if (embedded) compilePgliteWasm();

import("./start")
  .then(({ start }) => start({ beforeExit: copying }))
  .catch(async (err: unknown) => {
    process.stderr.write(`The portal could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    await copying; // a copy cut off halfway would be left beside the data folder
    process.exit(1);
  });
