import type { DestinationStream } from "pino";
/**
 * Builds the app for API tests: a real database, the real plugins, and `inject` instead of a port.
 * Every answer the app gives is checked against its API reference when the test file ends
 * (api-contract.ts).
 */

import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from "fastify";
import { pino } from "pino";
import { buildApp } from "../../src/server/app";
import type { Mailer } from "../../src/server/platform/adapters/mail/port";
import type { Payments } from "../../src/server/platform/adapters/payments/port";
import type { RecordSource } from "../../src/server/platform/adapters/records/port";
import { type Config, loadConfig } from "../../src/server/platform/config";
import type { Readiness } from "../../src/server/platform/readiness";
import { recordAnswers } from "./api-contract";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_APP_URL = "http://portal.test";

/** A fixed key for the secrets the tests store; tests never write a generated key into the repo. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 42).toString("base64");

/**
 * Where a test's app may write files (the replacement requests' CSV of the demo source, decision
 * 040): a folder of this test process's own, never the repository's `./data`.
 */
export const TEST_DATA_DIR = path.join(tmpdir(), `portal-test-data-${process.pid}`);

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: TEST_DATA_DIR,
    LOG_LEVEL: "info",
    APP_URL: TEST_APP_URL,
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...env,
  });
}

/** A logger that writes nothing, for code under test that wants one. */
export const silentLog: FastifyBaseLogger = pino({ level: "silent" });

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /**
   * A same-origin JSON POST. Each call comes from a loopback address of its own unless `ip` is
   * given, so the per-IP rate limits of one test do not reach another.
   */
  /** A GET as a browser signed in with `cookie` sends it (none: signed out), with any other headers. */
  get(url: string, cookie?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
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
    /** The sync's source (an Airtable source tuned for tests, say); by default from the configuration. */
    syncSource?: (database: TestDatabase) => RecordSource;
    /** Outgoing mail; by default the development mailbox. */
    mailer?: Mailer;
    /** The payment provider (undefined: none, as in production without Stripe); by default from the configuration. */
    payments?: Payments | undefined;
    /** Where log lines go instead of the test's own collector (which `logs()` then does not see). */
    logStream?: DestinationStream;
    /** Where the start has got to; ready by default. */
    readiness?: Readiness;
    /**
     * Whether each injected request first waits for the test's direct writes to be heard (true by
     * default); off for a test of what the portal does while it cannot hear them.
     */
    awaitDirectWrites?: boolean;
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
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      logStream: options.logStream ?? logStream,
      clientDir: options.clientDir ?? "/nonexistent-client-build",
      ...(options.readiness ? { readiness: options.readiness } : {}),
      adapters: {
        ...(options.syncSource ? { records: options.syncSource(database) } : {}),
        ...(options.mailer ? { mail: options.mailer } : {}),
        ...("payments" in options ? { payments: options.payments } : {}),
      },
    });
  } catch (err) {
    // An app that cannot start must not leave its database behind.
    if (!options.database) await database.destroy();
    throw err;
  }
  recordAnswers(app);
  if (options.awaitDirectWrites !== false) awaitDirectWrites(app, database);
  options.configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    get: (url, cookie, headers = {}) =>
      app.inject({ method: "GET", url, headers: { ...headers, ...(cookie ? { cookie } : {}) } }),
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

/**
 * A test writes to the database directly, as the operator's tools or another instance would, and
 * then asks the portal: on a server, such a write reaches the kept session checks through the
 * database's notification, within moments (decision 081), where a browser's next request comes
 * later than that. Each request a test injects waits for those moments first. A request's own
 * writes need no such wait, and kept-session-checks.test.ts checks that the portal counts them itself.
 */
function awaitDirectWrites(app: FastifyInstance, database: { changes: { heard(): Promise<void> } }): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  app.inject = ((...args: unknown[]) => {
    if (args.length !== 1) return inject(...args); // the chained and the callback forms, as they are
    return database.changes.heard().then(() => inject(...args));
  }) as typeof app.inject;
}
