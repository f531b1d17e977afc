/**
 * Tells one instance of the portal when the rows a session check reads may have changed on a
 * PostgreSQL server, so the check can be kept between changes there (decisions 061 and 081), as it
 * is on the embedded database (client.ts).
 *
 * A server has other writers: other instances and the operator's own tools. Triggers on the tables
 * the check reads (sessions, users, the list versions) NOTIFY a channel at every commit that changes
 * them (migrations 0030 and 0037), and this instance LISTENs to it on a connection of its own. The
 * generation it gives moves on with every notification, and whenever the portal says it writes
 * (around each request that may write: its own change is never read stale by the next request,
 * even before the notification comes back).
 *
 * A lost notification would leave a signed-out session signed in here, so nothing is kept unless
 * the channel is proven to work: every second the connection NOTIFYs the channel itself and waits
 * for its own message. PostgreSQL delivers a listener's notifications in commit order, so the
 * message coming back also proves that every change committed before it has been heard. Until the
 * first one returns, when one is more than 3 seconds late, and while the connection is down,
 * the generation is undefined and every check is read from the database. The connection is opened
 * again after a pause that doubles up to 30 seconds.
 */
import { randomBytes } from "node:crypto";
import { Socket } from "node:net";
import type { Client, ClientConfig, Notification } from "pg";
import type { DatabaseChanges } from "./database";

/** The channel the triggers of migrations 0030 and 0037 notify. */
export const SESSION_CHECK_CHANNEL = "portal_session_checks";
/** A heartbeat's payload starts with this; anything else on the channel is a change. */
const HEARTBEAT_PREFIX = "alive ";

export interface ChangeFeedOptions {
  /** Makes the connection to listen on (pg's Client, not a pool's: it is held for good). */
  newClient: (config: ClientConfig) => Client;
  connectionString: string;
  /** Told when the feed starts or stops being trusted, for the log. */
  onStateChange?: (live: boolean, reason: string) => void;
}

export interface ChangeFeed extends DatabaseChanges {
  close(): Promise<void>;
}

const HEARTBEAT_MS = 1_000;
/** How long after the last heartbeat came back the feed still counts as live. */
const STALE_AFTER_MS = 3 * HEARTBEAT_MS;
/** The first pause before opening the connection again; it doubles up to MAX_RECONNECT_MS. */
const FIRST_RECONNECT_MS = 1_000;
const MAX_RECONNECT_MS = 30_000;

export function followSessionCheckChanges(options: ChangeFeedOptions): ChangeFeed {
  // Another instance's heartbeats reach this one too; each connection's own carry a mark of its own.
  const me = `${HEARTBEAT_PREFIX}${randomBytes(9).toString("base64url")}.`;
  let connections = 0;

  let generation = 0;
  let lastHeard = Number.NEGATIVE_INFINITY;
  let client: Client | undefined;
  /** The listening connection's own socket, to drop when the server stops answering. */
  let socket: Socket | undefined;
  /** The mark of the listening connection's own messages. */
  let ownMark = "";
  /** Callers of heard(), by the payload that answers them. */
  const waiting = new Map<string, () => void>();
  let asked = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let reconnectMs = FIRST_RECONNECT_MS;
  let closed = false;
  let wasLive = false;

  const live = () => performance.now() - lastHeard <= STALE_AFTER_MS;

  // One statement at a time on the listening connection: pg queues a second one sent while the
  // first runs, but says it will stop doing so, and a heartbeat and a heard() may meet.
  let lastNotify: Promise<unknown> = Promise.resolve();
  function notify(on: Client, payload: string): Promise<unknown> {
    const sent = lastNotify.then(() =>
      on.query("select pg_notify($1, $2)", [SESSION_CHECK_CHANNEL, payload]),
    );
    lastNotify = sent.catch(() => {});
    return sent;
  }

  function report(reason: string) {
    const now = live();
    if (now !== wasLive) options.onStateChange?.(now, reason);
    wasLive = now;
  }

  function onNotification(message: Notification, mark: string) {
    if (message.channel !== SESSION_CHECK_CHANNEL) return;
    const payload = message.payload ?? "";
    if (!payload.startsWith(HEARTBEAT_PREFIX)) {
      generation++;
      return;
    }
    if (!payload.startsWith(mark)) return;
    waiting.get(payload)?.();
    waiting.delete(payload);
    // Late, or the first since the connection opened: whatever was kept before is not trusted.
    if (!live()) generation++;
    lastHeard = performance.now();
    report("heard its own heartbeat");
  }

  // Nothing is kept while the feed is down, so whoever waits has nothing left to wait for.
  function answerEveryone() {
    for (const answer of waiting.values()) answer();
    waiting.clear();
  }

  function drop(reason: string, broken: Client) {
    if (broken !== client) return;
    client = undefined;
    clearInterval(heartbeat);
    heartbeat = undefined;
    lastHeard = Number.NEGATIVE_INFINITY;
    generation++;
    report(reason);
    answerEveryone();
    broken.removeAllListeners("notification");
    broken.on("error", () => {}); // a broken connection may still report; nothing listens to it now
    void endSoon(broken, socket);
    if (closed) return;
    reconnect = setTimeout(open, reconnectMs);
    reconnect.unref();
    reconnectMs = Math.min(reconnectMs * 2, MAX_RECONNECT_MS);
  }

  async function open() {
    reconnect = undefined;
    if (closed) return;
    const opening = options.newClient({
      connectionString: options.connectionString,
      keepAlive: true,
      // A server that never answers must not hold the feed in one attempt: it fails, and tries again.
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
      application_name: "portal change feed",
      // The connection's socket made here, so that a stop can drop it (endSoon).
      stream: () => {
        socket = new Socket();
        return socket;
      },
    });
    client = opening;
    lastNotify = Promise.resolve(); // a new connection waits for nothing sent on the last one
    const mark = `${me}${++connections} `;
    ownMark = mark;
    opening.on("notification", (message) => onNotification(message, mark));
    opening.on("error", (error) => drop(`connection failed: ${error.message}`, opening));
    opening.on("end", () => drop("connection ended", opening));
    try {
      await opening.connect();
      await opening.query(`LISTEN ${SESSION_CHECK_CHANNEL}`);
    } catch (error) {
      drop(`could not listen: ${(error as Error).message}`, opening);
      return;
    }
    if (closed || client !== opening) return;
    const listening = performance.now();
    let beat = 0;
    let waiting = false;
    const beatOnce = () => {
      if (client !== opening) return;
      // A heartbeat that does not come back in time means the channel cannot be trusted any more.
      if (performance.now() - Math.max(lastHeard, listening) > STALE_AFTER_MS) {
        return drop("heartbeat late", opening);
      }
      if (waiting) return; // one at a time: a slow one is not made slower by queueing more
      beat++;
      waiting = true;
      notify(opening, `${mark}${beat}`).then(
        () => {
          waiting = false;
        },
        (error: Error) => drop(`heartbeat failed: ${error.message}`, opening),
      );
    };
    heartbeat = setInterval(beatOnce, HEARTBEAT_MS);
    heartbeat.unref();
    reconnectMs = FIRST_RECONNECT_MS;
    beatOnce();
  }

  void open();

  return {
    current: () => (live() ? generation : undefined),
    noteWrite() {
      generation++;
    },
    heard() {
      const listening = client;
      if (!listening || !live()) return Promise.resolve();
      // A message of its own, in commit order behind every change committed before it.
      const payload = `${ownMark}heard ${++asked}`;
      return new Promise<void>((resolve) => {
        waiting.set(payload, resolve);
        notify(listening, payload).catch(() => {
          waiting.delete(payload);
          resolve();
        });
      });
    },
    async close() {
      closed = true;
      clearTimeout(reconnect);
      clearInterval(heartbeat);
      const open = client;
      client = undefined;
      lastHeard = Number.NEGATIVE_INFINITY;
      answerEveryone();
      if (open) await endSoon(open, socket);
    },
  };
}

const END_WAIT_MS = 1_000;

/**
 * Ends a connection, and drops its socket if the server does not answer in time: a connection that
 * went silent would otherwise hold a stop (and the process) for as long as TCP takes to notice.
 */
async function endSoon(client: Client, socket: Socket | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    client.end().then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), END_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!ended) socket?.destroy();
}
