// Lints the API reference: builds the app as development runs it (so the development routes are in
// it too) on an in-memory database, writes /api/openapi.json to a temporary file, and runs Redocly's
// recommended ruleset over it, then the project's own rules (scripts/checks/openapi-lint.ts), which
// the API tests also run. Exits 1 on any problem.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

const load = (file) => tsImport(file, import.meta.url);
const [{ buildApp }, { loadConfig }, { openDatabase }, { lintOpenApi }] = await Promise.all([
  load("../../src/server/app.ts"),
  load("../../src/server/platform/config.ts"),
  load("../../src/server/platform/db/client.ts"),
  load("./openapi-lint.ts"),
]);

const config = loadConfig({
  NODE_ENV: "development",
  LOG_LEVEL: "warn",
  APP_URL: "http://portal.test",
  SECRETS_KEY: Buffer.alloc(32, 42).toString("base64"),
});
const database = await openDatabase({ kind: "pglite", inMemory: true });
await database.migrate();
const app = await buildApp({ config, database, clientDir: "/nonexistent-client-build" });
await app.ready();
const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
await app.close();
await database.close();
if (res.statusCode !== 200) {
  console.error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
  process.exit(1);
}

const file = path.join(mkdtempSync(path.join(tmpdir(), "openapi-")), "openapi.json");
writeFileSync(file, res.body);
const problems = lintOpenApi(JSON.parse(res.body));
for (const problem of problems) console.error(`error  ${problem}`);
const operations = Object.values(JSON.parse(res.body).paths).reduce(
  (n, item) => n + Object.keys(item).length,
  0,
);
console.log(
  `${file}: ${operations} operations, ${problems.length} problem${problems.length === 1 ? "" : "s"}`,
);

const redocly = spawnSync("npx", ["redocly", "lint", "--format=stylish", file], {
  stdio: "inherit",
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
});
process.exit(problems.length > 0 || redocly.status !== 0 ? 1 : 0);
