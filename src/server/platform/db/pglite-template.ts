/**
 * A new embedded database starts as a copy of the build's empty, migrated one (decision 013):
 * `scripts/build/build-server.mjs` makes `dist/server/pgdata-template-<PGlite version>` with the PGlite
 * version installed, and copying it is much faster than PGlite's initdb plus every migration.
 * Migrations still run after, as on any start, so a template older than the code only means a few
 * migrations to apply. Without a template (started from source, another PGlite version) PGlite
 * runs initdb as before.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { projectRoot } from "../paths";

/** The preparation the entry point started before the driver asked for it (main.ts). */
let started: { dir: string; prepared: Promise<void> } | undefined;

/**
 * Starts preparing `dir` now, for the next prepareDataDir(dir) to take. The returned promise never
 * rejects: a failure reaches whoever takes the preparation. `template` as for prepareDataDir.
 */
export function startPreparingDataDir(dir: string, template?: string | null): Promise<void> {
  const prepared = prepareDataDir(dir, template);
  started = { dir, prepared };
  return prepared.catch(() => {});
}

/**
 * Makes `dir` ready for PGlite: a copy of the template when it holds no database yet. `template`
 * is the build's for the installed PGlite version unless given (tests give their own, or null).
 * A preparation of the same folder already under way (startPreparingDataDir) is taken, once.
 */
export function prepareDataDir(dir: string, template?: string | null): Promise<void> {
  if (started?.dir === dir && template === undefined) {
    const { prepared } = started;
    started = undefined;
    return prepared;
  }
  return copyUnlessPresent(dir, template === undefined ? migratedTemplate() : template);
}

async function copyUnlessPresent(dir: string, template: string | null): Promise<void> {
  if (template && !existsSync(path.join(dir, "PG_VERSION"))) await startFromTemplate(template, dir);
  await mkdir(dir, { recursive: true });
}

function migratedTemplate(): string | null {
  try {
    const pglite = path.join(projectRoot, "node_modules/@electric-sql/pglite/package.json");
    const { version } = JSON.parse(readFileSync(pglite, "utf8")) as { version: string };
    const folder = path.join(projectRoot, "dist/server", `pgdata-template-${version}`);
    return existsSync(path.join(folder, "PG_VERSION")) ? folder : null;
  } catch {
    return null;
  }
}

/**
 * Copies the template on a thread of its own, synchronously. On the main thread's event loop every
 * step waited for a turn of the main thread, which loading the app's code holds for a hundred
 * milliseconds at a time, and copies queued on libuv's thread pool held up the app's own module
 * reads: a first start's copy took 0.4 to 0.7 s instead of about 0.15 s (`measure:cold-start`).
 * The copy goes to a sibling folder first and is renamed into place, so a start that dies halfway
 * never leaves a half-copied database behind.
 */
const COPY_TEMPLATE_SOURCE = `
const { workerData: { template, dir, partial } } = require("node:worker_threads");
const fs = require("node:fs");
fs.rmSync(partial, { recursive: true, force: true });
fs.cpSync(template, partial, { recursive: true });
fs.rmSync(dir, { recursive: true, force: true });
fs.renameSync(partial, dir);
`;

/** A folder that already holds files is not ours to fill. */
async function startFromTemplate(template: string, dir: string): Promise<void> {
  if ((await readdir(dir).catch(() => [])).length > 0) return;
  const partial = `${dir}.partial-${process.pid}`;
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(COPY_TEMPLATE_SOURCE, { eval: true, workerData: { template, dir, partial } });
    worker.once("error", reject);
    worker.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`copying the database template stopped with code ${code}`)),
    );
  });
}
