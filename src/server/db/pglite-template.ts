/**
 * A new embedded database starts as a copy of the build's empty, migrated one (decision 013):
 * `scripts/build-server.mjs` makes `dist/server/pgdata-template-<PGlite version>` with the PGlite
 * version installed, and copying it is much faster than PGlite's initdb plus every migration.
 * Migrations still run after, as on any start, so a template older than the code only means a few
 * migrations to apply. Without a template (started from source, another PGlite version) PGlite
 * runs initdb as before.
 */
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "../paths";

/**
 * Makes `dir` ready for PGlite: a copy of the template when it holds no database yet. `template`
 * is the build's for the installed PGlite version unless given (tests give their own, or null).
 */
export async function prepareDataDir(
  dir: string,
  template: string | null = migratedTemplate(),
): Promise<void> {
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
 * The copy goes to a sibling folder first and is renamed into place, so a start that dies halfway
 * never leaves a half-copied database behind. A folder that already holds files is not ours to fill.
 */
async function startFromTemplate(template: string, dir: string): Promise<void> {
  if ((await readdir(dir).catch(() => [])).length > 0) return;
  const partial = `${dir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await copyTree(template, partial);
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
}

/**
 * Copies a folder's files all at once: the copies run on libuv's thread pool, off the main thread
 * that meanwhile loads the app's code. (`fs.cp` copies one file after another, and took about
 * three times as long on the template's thousand-odd files.)
 */
async function copyTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const relative = (entry: (typeof entries)[number]) =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  await mkdir(to, { recursive: true });
  for (const entry of entries.filter((e) => e.isDirectory())) {
    await mkdir(path.join(to, relative(entry)), { recursive: true });
  }
  await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map((e) => copyFile(path.join(from, relative(e)), path.join(to, relative(e)))),
  );
}
