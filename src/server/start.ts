/**
 * Starts the portal (main.ts calls it): read the configuration, open and migrate the database,
 * listen, build the app and hand the server over to it, fill an empty embedded database with demo
 * data, and shut down cleanly on SIGTERM or SIGINT.
 */

import { checkHealth } from "./features/health/check";
import { type Config, ConfigError, loadConfig } from "./platform/config";
import { type DatabaseTarget, openDatabase } from "./platform/db/client";
import { createEarlyListener } from "./platform/http/early-listener";
import { isLoopbackHost } from "./platform/http/loopback";
import { Readiness } from "./platform/readiness";

const SHUTDOWN_GRACE_MS = 10_000;
/** How often each instance looks for background jobs that are due (retries, another instance's leftovers). */
const OUTBOX_EVERY_MS = 5_000;

/**
 * When each step of a start finished, in milliseconds since the process started (logged once
 * listening; `npm run measure:cold-start` prints it). Steps overlap, so these are points in time.
 */
class StartupTimeline {
  readonly marks: Record<string, number> = { configLoaded: Math.round(performance.now()) };
  mark<T>(step: string): (value?: T) => T {
    return (value) => {
      this.marks[step] = Math.round(performance.now());
      return value as T;
    };
  }
}

function databaseTarget(
  config: Config,
  onChangeFeed: (live: boolean, reason: string) => void,
): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, onChangeFeed }
    : { kind: "pglite", dataDir: config.dataDir };
}

function exposedDevelopmentWarning(config: Config): string {
  return [
    "",
    `WARNING: this portal runs with NODE_ENV=${config.env} and listens on ${config.host}, beyond this machine.`,
    "Its demo users and weak settings are reachable from the network. The development mailbox,",
    "/login-test and the test checkout still answer only this machine. Set NODE_ENV=production, or",
    "HOST=localhost, unless this is what you meant.",
    "",
    "",
  ].join("\n");
}

export async function start(early: {
  /** Work main.ts began that must not be cut off by an exit here (a template copy under way). */
  beforeExit?: Promise<void>;
}): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      await early.beforeExit?.catch(() => {});
      process.exit(1);
    }
    throw err;
  }

  // The server listens as soon as the database is migrated (decision 013), before the app's code
  // loads: until the app is built it answers the liveness probe and holds every other request
  // (decision 078). A new embedded database is already on its way (main.ts): its folder copied on a
  // thread of its own, PGlite's WebAssembly compiling off the main thread; queries wait until it is up.
  const startup = new StartupTimeline();
  // The database opens before the app (and its log) exists; the change feed's first word is not news.
  let log: { info(o: object, m: string): void; warn(o: object, m: string): void } | undefined;
  const onChangeFeed = (live: boolean, reason: string) =>
    live
      ? log?.info({ reason }, "session checks are kept between changes: the database's change feed is live")
      : log?.warn({ reason }, "session checks are read every time: the database's change feed is down");
  const database = await openDatabase(databaseTarget(config, onChangeFeed));
  startup.mark("databaseOpened")();
  database.ready().then(startup.mark("databaseReady"), () => {}); // a failed start shows in migrate()
  await database.migrate();
  startup.mark("migrated")();
  const listener = createEarlyListener();
  // Before the app exists a failed check has no log to go to; the probe's 503 says it.
  await listener.listen(config.port, config.host, () => checkHealth(database, () => {}));
  startup.mark("listening")();

  const { buildApp } = await import("./app");
  startup.mark("appCodeLoaded")();
  const readiness = new Readiness("starting");
  const app = await buildApp({ config, database, readiness, listener });
  log = app.log;
  // A stop first stops starting new background work (this hook, added last, runs first); the app's
  // own hooks then wait for the sync and the delivery under way; the database closes after them all.
  let stopBackgroundWork = () => {};
  app.addHook("onClose", async () => {
    stopBackgroundWork();
  });

  await app.ready();
  listener.handOver();
  startup.mark("serving")();
  for (const address of listener.addresses()) app.log.info(`Server listening at ${address}`);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    readiness.state = "stopping";
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error("in-flight requests and background work did not finish in time; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Fastify does not close a server it did not start listening; the listener closes its own.
    Promise.all([app.close(), listener.close()]).then(
      () => database.close().finally(() => process.exit(0)),
      (err: unknown) => {
        app.log.error({ err }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);

  if (!config.isProduction && !isLoopbackHost(config.host)) {
    // Said on standard error whatever LOG_LEVEL is: demo users and test payments are now reachable.
    process.stderr.write(exposedDevelopmentWarning(config));
    app.log.warn({ host: config.host }, "a non-production portal is listening beyond this machine");
  }
  app.log.info({ startup: startup.marks }, "started");
  // What only comes after serving loads after it: the probe's answer waits for none of it.
  const [
    { seedDemoDataIfEmpty, shouldSeedDemoData },
    { scheduleHousekeeping },
    { scheduleEmbeddedMaintenance },
  ] = await Promise.all([
    import("./platform/db/demo-seed"),
    import("./housekeeping"),
    import("./platform/db/embedded-maintenance"),
  ]);
  // The demo data (an import of the demo records and two argon2id hashes) loads after listening, so
  // a new embedded database answers /api/health at once (decision 013); sign-in works once it is in.
  // A failure here is logged, not fatal: the portal is already serving, and the next start on an
  // empty database tries again (another instance may hold the sync, or a stop cut the load short).
  const seeded = shouldSeedDemoData(config, database)
    ? await seedDemoDataIfEmpty(database, config, (await import("./demo-data")).demoSeeders, app.log).catch(
        (err: unknown) => {
          if (!closing) app.log.error({ err }, "the demo data could not be loaded");
          return false;
        },
      )
    : false;
  if (!closing) {
    const stopHousekeeping = scheduleHousekeeping(database.db, config, app.log);
    const stopMaintenance = scheduleEmbeddedMaintenance(database, app.log);
    const stopSyncWork = app.sync.startBackgroundWork();
    // Work committed before a crash or a stop goes out now, then every few seconds what is due.
    app.outbox.start(OUTBOX_EVERY_MS);
    app.outbox.kick();
    stopBackgroundWork = () => {
      stopHousekeeping();
      stopMaintenance();
      stopSyncWork();
    };
    readiness.state = "ready";
  }
  // The address to open, in the words of the line itself: a newcomer reads the message, not its fields.
  app.log.info(
    { database: database.kind, demoDataLoaded: seeded, url: config.appUrl },
    `portal ready: open ${config.appUrl}`,
  );
}
