/**
 * Decision 059: the bundled server skips pg's Cloudflare probe, loads @fastify/swagger's `yaml` on
 * first use, and leaves out zod's list of locales. Each patch is checked on the installed package, and a package that no longer looks
 * as the patch expects fails the build instead of quietly bringing the cost back.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import {
  pgWithoutCloudflareProbe,
  swaggerYamlOnFirstUse,
  zodWithoutLocaleList,
} from "../../../scripts/build/server-build-patches.mjs";

const scratch = mkdtempSync(path.join(tmpdir(), "portal-build-patches-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Bundles `source` (CommonJS, resolved from `dir`) with the given plugins; the output's text. */
async function bundle(source: string, plugins: Plugin[], dir = process.cwd()): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: dir, loader: "js" },
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    logLevel: "silent",
    plugins,
  });
  return result.outputFiles[0]?.text ?? "";
}

/** Runs a CommonJS bundle as if it sat at the project's root (its externals resolve from there). */
function run(code: string): unknown {
  const module = { exports: {} as unknown };
  const require = createRequire(path.join(process.cwd(), "package.json"));
  new Function("require", "module", "exports", code)(require, module, module.exports);
  return module.exports;
}

describe("pg without the Cloudflare probe", () => {
  it("answers no without building a Response", async () => {
    const code = await bundle('module.exports = require("pg/lib/stream.js");', [pgWithoutCloudflareProbe]);
    expect(code).toMatch(/function isCloudflareRuntime\(\) \{\s*return false;/);
    const plain = await bundle('module.exports = require("pg/lib/stream.js");', []);
    expect(plain).not.toMatch(/function isCloudflareRuntime\(\) \{\s*return false;/);
  });

  it("fails the build when pg's code no longer has the probe", async () => {
    const lib = path.join(scratch, "node_modules", "pg", "lib");
    mkdirSync(lib, { recursive: true });
    writeFileSync(path.join(lib, "stream.js"), "module.exports = { getStream() {} };\n");
    await expect(bundle('require("pg/lib/stream.js");', [pgWithoutCloudflareProbe], scratch)).rejects.toThrow(
      /no longer has function isCloudflareRuntime/,
    );
  });
});

describe("@fastify/swagger's yaml on first use", () => {
  const swaggerLike = path.join(scratch, "node_modules", "@fastify", "swagger");
  mkdirSync(swaggerLike, { recursive: true });
  writeFileSync(
    path.join(swaggerLike, "index.js"),
    'const yaml = require("yaml");\nmodule.exports = (doc) => yaml.stringify(doc);\n',
  );
  const entry = `module.exports = require(${JSON.stringify(swaggerLike)});`;

  it("leaves yaml out of the bundle and loads it when first called", async () => {
    const code = await bundle(entry, [swaggerYamlOnFirstUse]);
    expect(code.length).toBeLessThan(2_000); // yaml itself is about 250 KB
    const stringify = run(code) as (doc: unknown) => string;
    expect(stringify({ openapi: "3.1.0" })).toBe("openapi: 3.1.0\n");
  });

  it("bundles yaml as usual for everyone else", async () => {
    const code = await bundle('module.exports = require("yaml");', [swaggerYamlOnFirstUse]);
    expect(code.length).toBeGreaterThan(100_000);
  });
});

describe("zod without its list of locales", () => {
  // As the server imports them (ESM: zod's .js files, which the server's bundle loads).
  const entry = 'import { z } from "zod"; import de from "zod/v4/locales/de.js"; export { z, de };';

  it("leaves the locales out, keeps English messages, and the German locale by its own path", async () => {
    const code = await bundle(entry, [zodWithoutLocaleList]);
    const plain = await bundle(entry, []);
    expect(plain.length - code.length).toBeGreaterThan(300_000);
    const { z, de } = run(code) as {
      z: typeof import("zod").z;
      de: typeof import("zod/v4/locales/de.js").default;
    };
    expect(Object.keys(z.locales)).toEqual([]);
    const english = z.string().safeParse(1);
    expect(english.error?.issues[0]?.message).toBe("Invalid input: expected string, received number");
    const german = z.string().safeParse(1, { error: de().localeError });
    expect(german.error?.issues[0]?.message).toMatch(/Ungültige Eingabe/);
  });

  it("fails the build when zod's list no longer names German where it did", async () => {
    const locales = path.join(scratch, "node_modules", "zod", "v4", "locales");
    mkdirSync(locales, { recursive: true });
    writeFileSync(path.join(locales, "index.js"), 'export { default as en } from "./en.js";\n');
    writeFileSync(path.join(locales, "en.js"), "export default () => ({});\n");
    await expect(
      bundle(`import ${JSON.stringify(path.join(locales, "index.js"))};`, [zodWithoutLocaleList], scratch),
    ).rejects.toThrow(/no longer has export \{ default as de \}/);
  });
});
