/**
 * The dead-code check (scripts/check-unused.mjs, reading knip.json) finds a file no entry reaches
 * and an export nobody imports, and lets be what is used by name, as a whole module, dynamically,
 * inside its own file, or ignored by the configuration. Checked on a scratch tree laid out like src/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { checkUnused } from "../../../scripts/check-unused.mjs";

let scratch: string;

beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "portal-unused-"));
  write(
    "knip.json",
    JSON.stringify({
      entry: ["src/server/main.ts", "tests/**/*.ts"],
      project: ["src/**/*.{ts,tsx}"],
      ignore: ["src/client/being-rebuilt/**"],
      ignoreExportsUsedInFile: true,
    }),
  );
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function write(file: string, text: string): void {
  const full = path.join(scratch, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

it("reports an unreached file and an export nobody imports, and nothing that is used", () => {
  write(
    "src/server/main.ts",
    [
      'import { used } from "./named";',
      'import * as whole from "./whole";',
      'import type { Shape } from "./types";',
      'const later = () => import("./later");',
      'export { again } from "./re-exported";',
      "export const run = (s: Shape) => [used, whole, later, s];",
      "",
    ].join("\n"),
  );
  write("src/server/named.ts", "export const used = 1;\nexport const dead = 2;\n");
  write("src/server/whole.ts", "export const a = 1;\nexport const b = 2;\n");
  write("src/server/types.ts", "export interface Shape { x: number }\nexport type Gone = string;\n");
  write("src/server/later.ts", "export default function later() {}\n");
  write("src/server/re-exported.ts", "export const again = 1;\n");
  write(
    "src/server/own-use.ts",
    "export interface Options { a: number }\nexport function make(o: Options) { return o; }\n",
  );
  write("tests/own-use.test.ts", 'import { make } from "../src/server/own-use";\nmake({ a: 1 });\n');
  write("src/server/orphan.ts", "export const nobody = 1;\n");
  write("src/client/being-rebuilt/panel.ts", "export const panel = 1;\n");

  expect(checkUnused(scratch)).toEqual([
    { file: "src/server/named.ts", line: 2, name: "dead", kind: "export" },
    { file: "src/server/orphan.ts", line: 0, name: "", kind: "file" },
    { file: "src/server/types.ts", line: 2, name: "Gone", kind: "export" },
  ]);
});
