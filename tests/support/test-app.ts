/** Builds the app for API tests: a real database, the real plugins, and `inject` instead of a port. */
import { Writable } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_APP_URL = "http://portal.test";

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", APP_URL: TEST_APP_URL, ...env });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /**
   * A same-origin JSON POST. Each call comes from a loopback address of its own unless `ip` is
   * given, so the per-IP rate limits of one test do not reach another.
   */
  post(
    url: string,
    payload: object,
    options?: { headers?: Record<string, string>; ip?: string },
  ): Promise<LightMyRequestResponse>;
  /** Every log line the app wrote, as text. */
  logs(): string;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clientDir?: string;
    database?: TestDatabase;
    /** Adds test-only routes before the app is sealed. */
    configure?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    logStream,
    clientDir: options.clientDir ?? "/nonexistent-client-build",
  });
  options.configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    post: (url, payload, { headers = {}, ip = nextLoopbackIp() } = {}) =>
      app.inject({ method: "POST", url, payload, headers: { ...sameOrigin, ...headers }, remoteAddress: ip }),
    logs: () => lines.join(""),
    async close() {
      await app.close();
      if (!options.database) await database.destroy();
    },
  };
}

let ipCounter = 0;
/** A loopback address not handed out before in this test file. */
export function nextLoopbackIp(): string {
  ipCounter += 1;
  return `127.${Math.floor(ipCounter / 62_500) % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 2}`;
}

/** Headers a same-origin browser request carries on a state-changing call. */
export const sameOrigin = { origin: TEST_APP_URL, "content-type": "application/json" } as const;
