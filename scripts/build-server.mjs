// Bundles the server into dist/server/main.js; dependencies stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// A new embedded database starts from this copy of an empty, migrated one instead of running
// initdb and every migration (decision 013). Made with the PGlite version installed, which the file
// name records; a server on another version ignores it.
const { PGlite } = await import("@electric-sql/pglite");
const { drizzle } = await import("drizzle-orm/pglite");
const { migrate } = await import("drizzle-orm/pglite/migrator");
const { readFileSync, rmSync, readdirSync, writeFileSync, mkdirSync } = await import("node:fs");
const pgliteVersion = JSON.parse(
  readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8"),
).version;
mkdirSync("dist/server", { recursive: true });
for (const old of readdirSync("dist/server").filter((f) => f.startsWith("pgdata-template-"))) {
  rmSync(`dist/server/${old}`);
}
const template = await PGlite.create();
await migrate(drizzle(template), { migrationsFolder: "src/server/db/migrations" });
const dump = await template.dumpDataDir("none");
await template.close();
writeFileSync(`dist/server/pgdata-template-${pgliteVersion}.tar`, Buffer.from(await dump.arrayBuffer()));
