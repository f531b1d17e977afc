/**
 * `npm start` builds only when what the build reads changed (scripts/build/build-if-changed.mjs): run in a
 * small project of its own whose `npm run build` counts its runs, so no real build is paid for.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildInputsHash } from "../../../scripts/build/build-inputs.mjs";

const FAKE_BUILD = `
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
appendFileSync("builds.log", "built\\n");
if (existsSync("fail-build")) process.exit(3);
mkdirSync("dist/server", { recursive: true });
mkdirSync("dist/client", { recursive: true });
writeFileSync("dist/server/main.js", "");
writeFileSync("dist/client/index.html", "");
`;

describe("building only what changed", () => {
  let project: string;

  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), "portal-build-if-changed-"));
    mkdirSync(path.join(project, "scripts/build"), { recursive: true });
    for (const file of ["scripts/build/build-if-changed.mjs", "scripts/build/build-inputs.mjs"])
      cpSync(file, path.join(project, file));
    mkdirSync(path.join(project, "src"));
    writeFileSync(path.join(project, "src/app.ts"), "export const app = 1;\n");
    writeFileSync(path.join(project, "fake-build.mjs"), FAKE_BUILD);
    writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({
        name: "fake",
        private: true,
        type: "module",
        scripts: { build: "node fake-build.mjs" },
      }),
    );
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  const start = () =>
    spawnSync(process.execPath, ["scripts/build/build-if-changed.mjs"], { cwd: project, encoding: "utf8" });
  const builds = () =>
    readFileSync(path.join(project, "builds.log"), "utf8").split("\n").filter(Boolean).length;

  it("builds a fresh clone, then not again until a source's content changes", () => {
    expect(start().status).toBe(0);
    expect(builds()).toBe(1);

    const second = start();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("up to date");
    expect(builds()).toBe(1);

    // A newer timestamp on the same content is no change.
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(project, "src/app.ts"), later, later);
    start();
    expect(builds()).toBe(1);

    writeFileSync(path.join(project, "src/app.ts"), "export const app = 2;\n");
    start();
    expect(builds()).toBe(2);
    start();
    expect(builds()).toBe(2);
  });

  it("builds again after a build that failed, and when an output is missing", () => {
    writeFileSync(path.join(project, "fail-build"), "");
    expect(start().status).toBe(3);
    rmSync(path.join(project, "fail-build"));
    expect(start().status).toBe(0);
    expect(builds()).toBe(2);

    rmSync(path.join(project, "dist/client/index.html"));
    start();
    expect(builds()).toBe(3);
  });

  it("hashes names and contents: a renamed or added file is a change", () => {
    const before = buildInputsHash(project);
    expect(buildInputsHash(project)).toBe(before);
    execFileSync("mv", [path.join(project, "src/app.ts"), path.join(project, "src/main.ts")]);
    const renamed = buildInputsHash(project);
    expect(renamed).not.toBe(before);
    writeFileSync(path.join(project, "scripts/extra.ts"), "");
    expect(buildInputsHash(project)).not.toBe(renamed);
  });
});
