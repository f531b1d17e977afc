/**
 * The portal as the benchmarks and measurements run it: a development configuration on a fresh
 * database, listening on a free loopback port, with request logs written as in production and then
 * thrown away, so that their cost is in the figures.
 */
import { Writable } from "node:stream";
import { type AppDeps, buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/platform/config";
import type { DatabaseHandle } from "../../src/server/platform/db/database";
import { maintainEmbeddedDatabase } from "../../src/server/platform/db/embedded-maintenance";

/** The portal's public origin in a benchmark (the port is the one it listens on). */
export const BENCH_APP_URL = "http://127.0.0.1";

export async function startBenchPortal(options: {
  database: DatabaseHandle;
  dataDir: string;
  secretsKey: string;
  /** Adapters to use instead of the configured ones. */
  adapters?: AppDeps["adapters"];
}): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; config: Config; port: number }> {
  const config = loadConfig({
    NODE_ENV: "development",
    LOG_LEVEL: "info",
    APP_URL: BENCH_APP_URL,
    DATA_DIR: options.dataDir,
    SECRETS_KEY: options.secretsKey,
    SYNC_INTERVAL_MINUTES: "0",
  });
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await buildApp({
    config,
    database: options.database,
    logStream: discard,
    adapters: options.adapters,
  });
  // As a start does (start.ts): the embedded database's statistics brought up to date, here before
  // the first measurement rather than beside it.
  await maintainEmbeddedDatabase(options.database);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { app, config, port: address.port };
}
