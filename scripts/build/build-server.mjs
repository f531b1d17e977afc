// Bundles the server into dist/server: main.js, and chunks for code loaded on first use (Stripe's
// SDK, the mailer, the common-password list, the PostgreSQL driver). Dependencies are bundled too,
// so a start reads a few files instead of resolving and reading hundreds (decision 013). Kept
// outside the bundle: packages that load files of their own next to their code (PGlite's
// WebAssembly, the argon2 native addon, pino's worker transports).
import { rmSync } from "node:fs";
import { build } from "esbuild";
import {
  pgWithoutCloudflareProbe,
  swaggerYamlOnFirstUse,
  zodWithoutLocaleList,
} from "./server-build-patches.mjs";

// Chunks are named by their content: the previous build's would otherwise stay beside the new ones.
rmSync("dist/server/chunks", { recursive: true, force: true });
await build({
  entryPoints: ["src/server/main.ts"],
  outdir: "dist/server",
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "pino",
    // fastify's JSON-schema compilers: the app gives its own (zod), so they are never loaded, and
    // left out they cost a start nothing, not even parsing (decision 059).
    "@fastify/ajv-compiler",
    "@fastify/fast-json-stringify-compiler",
  ],
  plugins: [pgWithoutCloudflareProbe, swaggerYamlOnFirstUse, zodWithoutLocaleList],
  // Bundled CommonJS code still calls require() for Node's own modules and the packages above.
  banner: {
    js: 'import { createRequire as __portalRequire } from "node:module";\nconst require = __portalRequire(import.meta.url);',
  },
  sourcemap: true,
  logLevel: "warning",
});
// A new embedded database starts from a copy of this folder, an empty database with every migration
// applied, instead of running initdb and every migration (decision 013). Made with the PGlite version
// installed, which the folder name records; a server on another version ignores it.
const { PGlite } = await import("@electric-sql/pglite");
const { drizzle } = await import("drizzle-orm/pglite");
const { migrate } = await import("drizzle-orm/pglite/migrator");
const { readFileSync, readdirSync, mkdirSync } = await import("node:fs");
const pgliteVersion = JSON.parse(
  readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8"),
).version;
mkdirSync("dist/server", { recursive: true });
for (const old of readdirSync("dist/server").filter((f) => f.startsWith("pgdata-template-"))) {
  rmSync(`dist/server/${old}`, { recursive: true, force: true });
}
const template = await PGlite.create(`dist/server/pgdata-template-${pgliteVersion}`);
await migrate(drizzle(template), { migrationsFolder: "src/server/platform/db/migrations" });
// A new data folder is a copy of this one, and a copy's time follows the number of files far more
// than their size (about a millisecond a file, measured). The portal uses only the `postgres` database; the two
// template databases (600 of the folder's 1,150 files) serve only CREATE DATABASE, which the
// embedded database never runs (decision 013).
await template.exec(
  "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
);
await template.exec("drop database template0");
await template.exec("drop database template1");
await template.close();
