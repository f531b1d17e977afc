/**
 * Benchmark: the accounts list of one customer with 2,000 accounts, over real HTTP on loopback.
 * Prints the median and p95 latency of sequential GETs (time to the last byte of the body), the
 * size of the 200 body, and the size of a 304 answer on the wire (status line, headers and body).
 *
 *   npm run bench:accounts                               embedded database in a temporary folder
 *   DATABASE_URL=postgres://... npm run bench:accounts   a database of its own on that server, dropped after
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { eq } from "drizzle-orm";
import type { buildApp } from "../../src/server/app";
import type { DatabaseHandle } from "../../src/server/platform/db/database";
import { linkedinAccounts, users } from "../../src/server/platform/db/schema";
import { createSession } from "../../src/server/platform/http/session-store";
import { sealRecoveryCodes } from "../../src/server/platform/secrets/recovery-codes";
import { createSecretBox } from "../../src/server/platform/secrets/secret-box";
import { startBenchPortal } from "./bench-portal";
import { freshDatabase } from "./fresh-database";

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 2_000);
const WARM_UP = 30;
const REQUESTS = 200;

const STATUSES = ["Signed In", "Not signed in", "Wrong Password", "Restricted - Submit ID", "Active"];
const TYPES = ["lite", "plus", "exec", "navigator"];
const INDUSTRIES = [
  "Software Development",
  "Financial Services",
  "Staffing and Recruiting",
  "Marketing Services",
];
const CITIES = ["London, England, United Kingdom", "Austin, Texas, United States", "Berlin, Germany"];

async function insertCustomerWithAccounts(database: DatabaseHandle, secretsKey: string) {
  const box = createSecretBox([Buffer.from(secretsKey, "base64")]);
  const [user] = await database.db
    .insert(users)
    .values({ email: "bench@example.test", name: "Bench Customer", username: "bench" })
    .returning();
  if (!user) throw new Error("no user");
  const created = Date.now() - ACCOUNTS * 3_600_000;
  const rows = Array.from({ length: ACCOUNTS }, (_, i) => {
    const proxyPassword = `px-${randomBytes(6).toString("hex")}`;
    return {
      userId: user.id,
      uid: user.uid,
      airtableRecordId: `rec${String(i).padStart(14, "0")}`,
      accountType: TYPES[i % TYPES.length] ?? "lite",
      firstName: `Firstname${i}`,
      lastName: `Lastname${i}`,
      linkedinEmail: `account.${i}@mailbox.example.com`,
      linkedinPasswordEncrypted: box.seal(`Pw!${randomBytes(8).toString("base64url")}`),
      profileUrl: `https://www.linkedin.com/in/firstname-lastname-${i}-a1b2c3/`,
      status: STATUSES[i % STATUSES.length] ?? "Active",
      isPremium: i % 3 === 0,
      isVerified: i % 2 === 0,
      isOptimized: i % 5 === 0,
      connectionsCount: 150 + ((i * 37) % 2_500),
      followers: 100 + ((i * 53) % 3_000),
      headline: `Senior Account Executive helping B2B teams grow pipeline | ${INDUSTRIES[i % INDUSTRIES.length]}`,
      location: CITIES[i % CITIES.length] ?? null,
      industry: INDUSTRIES[i % INDUSTRIES.length] ?? null,
      gender: i % 2 === 0 ? "female" : "male",
      proxyCountry: "GB",
      proxyIp: `203.0.${(i >> 8) & 255}.${i & 255}`,
      proxyPort: "22225",
      proxyUsername: `brd-customer-hl_5f3c-zone-resi-${i}`,
      proxyPasswordEncrypted: box.seal(proxyPassword),
      proxyZoneName: "residential_gb",
      proxyUrl: `http://brd-customer-hl_5f3c-zone-resi-${i}:${proxyPassword}@203.0.113.1:22225`,
      twoFaSecretEncrypted: box.seal("JBSWY3DPEHPK3PXP"),
      twoFaRecoveryCodesEncrypted: sealRecoveryCodes(box, ["12345678", "23456789", "34567890"]),
      twoFaRecoveryCodeCount: 3,
      twoFaStatus: "Enabled",
      verificationType: i % 4 === 0 ? "ID verified" : "Phone",
      notes: i % 3 === 0 ? "Warmed up for 3 weeks; keep daily connection requests under 20." : null,
      createdAt: new Date(created + i * 3_600_000),
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await database.db.insert(linkedinAccounts).values(rows.slice(i, i + 500));
  }
  return user;
}

function get(port: number, pathname: string, headers: Record<string, string>, agent: http.Agent) {
  return new Promise<{ status: number; body: Buffer; etag: string }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          etag: String(response.headers.etag),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Every byte of one answer as it crosses the socket: the request asks the server to close after it. */
function bytesOnTheWire(port: number, pathname: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; head: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("connect", () => {
      const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers, connection: "close" }).map(
        ([name, value]) => `${name}: ${value}`,
      );
      socket.write(`GET ${pathname} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      resolve({ bytes: all.length, head: all.toString("latin1").split("\r\n\r\n")[0] ?? "" });
    });
    socket.on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const secretsKey = randomBytes(32).toString("base64");
const { database, dataDir, drop } = await freshDatabase("bench_accounts");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await database.migrate();
  const user = await insertCustomerWithAccounts(database, secretsKey);
  const portal = await startBenchPortal({ database, dataDir, secretsKey });
  app = portal.app;
  const { config, port } = portal;
  const { token } = await createSession(database.db, config.session, user.id);
  const headers = { cookie: `${config.session.cookieName}=${token}` };
  const url = `/api/accounts/linkedin/user/${user.uid}`;

  let last = await get(port, url, headers, agent);
  if (last.status !== 200) throw new Error(`the list answered ${last.status}: ${last.body.toString()}`);
  for (let i = 0; i < WARM_UP; i++) await get(port, url, headers, agent);

  /** Median and p95 of `count` sequential GETs with these headers, each after `before` if given. */
  async function series(
    count: number,
    extra: Record<string, string>,
    expected: number,
    before?: () => Promise<void>,
  ) {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      await before?.();
      const started = performance.now();
      last = await get(port, url, { ...headers, ...extra }, agent);
      times.push(performance.now() - started);
      if (last.status !== expected) throw new Error(`the list answered ${last.status}, not ${expected}`);
    }
    times.sort((a, b) => a - b);
    return `median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${count} requests)`;
  }

  // The refresh's case: the list has not changed since the instance last built it.
  const unchanged = await series(REQUESTS, {}, 200);
  const body = last.body;
  const etag = last.etag;
  const zipped = await series(REQUESTS, { "accept-encoding": "gzip" }, 200);
  const zippedBytes = last.body.length;
  const notModified = await series(REQUESTS, { "if-none-match": etag }, 304);
  const wire = await bytesOnTheWire(port, url, { ...headers, "if-none-match": etag });
  // After every sync that touches the customer's accounts: the list is built again from the database.
  let flip = false;
  const changed = await series(50, {}, 200, async () => {
    flip = !flip;
    await database.db
      .update(linkedinAccounts)
      .set({ notes: flip ? "benchmark" : null })
      .where(eq(linkedinAccounts.userId, user.id));
  });

  const accountsInBody = (JSON.parse(body.toString()) as unknown[]).length;
  console.log(`database:               ${database.kind}`);
  console.log(`accounts in the list:   ${accountsInBody}`);
  console.log(`200, list unchanged:    ${unchanged}`);
  console.log(`200, list just changed: ${changed}`);
  console.log(`200, gzip:              ${zipped}`);
  console.log(`304:                    ${notModified}`);
  console.log(`200 body:               ${body.length} bytes (${zippedBytes} bytes gzipped)`);
  console.log(`304 on the wire:        ${wire.bytes} bytes (status line, headers, no body)`);
  if (process.env.SHOW_304) console.log(wire.head);
} finally {
  agent.destroy();
  await app?.close();
  await database.close();
  await drop();
}
