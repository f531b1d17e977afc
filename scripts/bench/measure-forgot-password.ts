/**
 * Measurement: how long forgot-password takes to answer for a known and for an unknown email, over
 * real HTTP on loopback, with the development mailbox as the mailer. The two should be the same:
 * the look-up and the mail happen after the answer. The client is a process of its own (in this
 * one, the embedded database's work after the answer would hold up reading the answer), and it
 * alternates which of the two goes first. Prints the median and p95 of each.
 *
 * Back to back, the outbox's work for a known email (its link, its mail) runs while the next requests
 * are answered, on the same embedded database; PAUSE_MS=50 leaves that much time between requests, so
 * only the answers themselves are compared.
 *
 *   npm run measure:forgot-password
 *   PAUSE_MS=50 npm run measure:forgot-password
 */
import { execFile } from "node:child_process";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/platform/config";
import { openDatabase } from "../../src/server/platform/db/client";
import { users } from "../../src/server/platform/db/schema";

const ROUNDS = 300;
const WARM_UP = 20;
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 0);

const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  APP_URL: "http://127.0.0.1",
  SECRETS_KEY: Buffer.alloc(32, 7).toString("base64"),
  SYNC_INTERVAL_MINUTES: "0",
  // The client names a new address per request, so the per-address limits stay out of the way.
  TRUST_PROXY: "loopback",
});
const database = await openDatabase({ kind: "pglite", inMemory: true });
await database.migrate();
// Each known address is asked for once: the per-address limit allows 3 mails an hour.
await database.db.insert(users).values(
  Array.from({ length: ROUNDS + WARM_UP }, (_, i) => ({
    email: `known-${i}@example.test`,
    name: `Known ${i}`,
    passwordHash: "not-used-here",
  })),
);
const app = await buildApp({
  config,
  database,
  clientDir: "/nonexistent-client-build",
  logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
});
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("not listening");
const url = `http://127.0.0.1:${address.port}/api/forgot-password`;

/** The client: sequential POSTs, each from its own forwarded address, timed to the last byte. */
const client = `
const [url, origin, rounds, pause] = process.argv.slice(1);
const timed = async (email, n) => {
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-forwarded-for": "10." + (n >> 16 & 255) + "." + (n >> 8 & 255) + "." + (n & 255) },
    body: JSON.stringify({ email }),
  });
  await res.text();
  if (res.status !== 200) throw new Error("forgot-password answered " + res.status);
  return performance.now() - started;
};
const known = [], unknown = [];
for (let i = 0; i < Number(rounds); i++) {
  const pair = [["known", "known-" + i + "@example.test"], ["unknown", "unknown-" + i + "@example.test"]];
  if (i % 2) pair.reverse();
  for (const [kind, email] of pair) {
    if (Number(pause) > 0) await new Promise((resolve) => setTimeout(resolve, Number(pause)));
    (kind === "known" ? known : unknown).push(await timed(email, 2 * i + (kind === "known" ? 0 : 1)));
  }
}
console.log(JSON.stringify({ known, unknown }));
`;
const { stdout } = await promisify(execFile)(
  process.execPath,
  ["-e", client, url, config.appUrl, String(ROUNDS + WARM_UP), String(PAUSE_MS)],
  {
    maxBuffer: 10_000_000,
  },
);
const timings = JSON.parse(stdout) as { known: number[]; unknown: number[] };
const known = timings.known.slice(WARM_UP);
const unknown = timings.unknown.slice(WARM_UP);
await app.outbox.drain();

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const line = (name: string, values: number[]) =>
  `${name.padEnd(14)} median ${quantile(values, 0.5).toFixed(2)} ms   p95 ${quantile(values, 0.95).toFixed(2)} ms`;
console.log(
  `forgot-password, ${ROUNDS} requests each, interleaved, from a separate client process, ${PAUSE_MS} ms apart:`,
);
console.log(line("known email", known));
console.log(line("unknown email", unknown));
await app.close();
await database.close();
