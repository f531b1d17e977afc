/** Where the server finds files that ship with the project, whether it runs from src/ or from dist/. */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(projectRoot, "src/server/platform/db/migrations");
export const clientDistDir = path.join(projectRoot, "dist/client");
export const demoDataDir = path.join(projectRoot, "demo-data");
