/** PGlite's WebAssembly: how V8 compiles it, and compiled ahead of the driver. */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import v8 from "node:v8";

/**
 * V8 compiles PGlite's WebAssembly with its baseline compiler, then recompiles the functions that
 * ran most with its optimizing one, in the background. PostgreSQL's start runs enough code to set
 * that off at once: on two cores it took both for about 0.4 s after every start, and the first
 * answers waited for it. Raising the budget that triggers it keeps PGlite on the baseline code;
 * `bench:accounts` and `bench:transactions` showed no difference beyond their run-to-run spread
 * (decision 013). The flag is read when a module is instantiated; nothing else here runs
 * WebAssembly. A PostgreSQL server (`DATABASE_URL`) is not affected.
 */
function keepPgliteOnBaselineCompiler(): void {
  v8.setFlagsFromString("--wasm-tiering-budget=1000000000");
}

let pgliteWasm: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled on V8's threads from the moment the entry point knows the
 * embedded database will be used (main.ts). PGlite itself reads and compiles it only once its data
 * folder is ready, after the rest of the server's code has loaded and, on a first start, after the
 * template's copy (decision 059). Undefined when it cannot be read from here: PGlite then loads it
 * itself.
 */
export function compilePgliteWasm(): Promise<WebAssembly.Module | undefined> {
  keepPgliteOnBaselineCompiler();
  pgliteWasm ??= readFile(createRequire(import.meta.url).resolve("@electric-sql/pglite/pglite.wasm"))
    .then((bytes) => WebAssembly.compile(bytes))
    .catch(() => undefined);
  return pgliteWasm;
}
