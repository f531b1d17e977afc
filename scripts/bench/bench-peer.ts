/**
 * The portal's customer lists against a common Express 5 peer (passport, connect-pg-simple, pg,
 * compression, Express's own ETags) with the same data, on both databases: the portal and the peer
 * on the same PostgreSQL database, and each on an embedded database (PGlite) of its own. The peer
 * reaches its PGlite over the wire protocol (support/pglite-wire-server.ts), as `pg` needs. Prints
 * requests per second of each case, side by side, and the portal ÷ peer ratios on each database
 * (median of the rounds; the order of the four servers rotates every round).
 *
 *   DATABASE_URL=postgres://… npm run bench:peer
 *
 * The peer (scripts/bench/peer) is installed into a scratch folder the first time (the npm registry must be
 * reachable) and reused after. ROUNDS (3), SECONDS per case (2) and CONCURRENCY (8) can be set, and
 * LISTS (accounts,transactions,optimizations,orders,notifications) and CASES ("plain,gzip,304,after a change") to
 * measure some of them only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { hashPassword } from "../../src/server/features/auth/password";
import type { Database, DatabaseHandle } from "../../src/server/platform/db/database";
import * as schema from "../../src/server/platform/db/schema";
import {
  linkedinAccounts,
  notifications,
  orders,
  profileOptimizations,
  transactions,
  users,
} from "../../src/server/platform/db/schema";
import { createSession } from "../../src/server/platform/http/session-store";
import { createSecretBox } from "../../src/server/platform/secrets/secret-box";
import { installPeer } from "./bench-peer-install.mjs";
import { startBenchPortal } from "./bench-portal";
import { freshDatabase } from "./fresh-database";
import { servePgliteOverTcp } from "./pglite-wire-server";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 2);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const AFTER_CHANGE_REQUESTS = 30;
const ACCOUNTS = 2_000;
const TRANSACTIONS = 5_000;
const OPTIMIZATIONS = 100;
const ORDERS = 60;
const NOTIFICATIONS = 500;
const EMAIL = "peer-bench@example.test";
const PASSWORD = "bench-password-1234";

if (!process.env.DATABASE_URL) {
  console.error("The peer runs on PostgreSQL: set DATABASE_URL to a server this may create databases on.");
  process.exit(1);
}

// --- the data -------------------------------------------------------------------------------------

async function seed(database: DatabaseHandle, secretsKey: string, passwordHash: string) {
  const box = createSecretBox([Buffer.from(secretsKey, "base64")]);
  const [user] = await database.db
    .insert(users)
    .values({ email: EMAIL, name: "Bench Customer", passwordHash, emailVerifiedAt: new Date() })
    .returning();
  if (!user) throw new Error("no user");
  const start = Date.UTC(2024, 0, 1);
  const sealedPassword = box.seal("Pw!bench-secret");
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
    userId: user.id,
    uid: user.uid,
    airtableRecordId: `recA${String(i).padStart(13, "0")}`,
    accountType: ["lite", "plus", "exec", "navigator"][i % 4] ?? "lite",
    firstName: `Firstname${i}`,
    lastName: `Lastname${i}`,
    linkedinEmail: `account.${i}@mailbox.example.com`,
    linkedinPasswordEncrypted: sealedPassword,
    profileUrl: `https://www.linkedin.com/in/firstname-lastname-${i}/`,
    status: ["Signed In", "Not signed in", "Wrong Password", "Restricted - Submit ID"][i % 4] ?? "Signed In",
    connectionsCount: 150 + ((i * 37) % 2_500),
    followers: 100 + ((i * 53) % 3_000),
    headline: "Senior Account Executive helping B2B teams grow pipeline",
    location: "London, England, United Kingdom",
    industry: "Software Development",
    proxyCountry: "GB",
    proxyIp: `203.0.${(i >> 8) & 255}.${i & 255}`,
    proxyPort: "22225",
    proxyUsername: `customer-zone-resi-${i}`,
    proxyPasswordEncrypted: sealedPassword,
    twoFaStatus: "Enabled",
    notes: i % 3 === 0 ? "Warmed up for 3 weeks; keep daily connection requests under 20." : null,
    createdAt: new Date(start + i * 3_600_000),
  }));
  for (let i = 0; i < accounts.length; i += 500) {
    await database.db.insert(linkedinAccounts).values(accounts.slice(i, i + 500));
  }
  const ledger = Array.from({ length: TRANSACTIONS }, (_, i) => ({
    userId: user.id,
    uid: user.uid,
    airtableRecordId: `recT${String(i).padStart(13, "0")}`,
    source: "airtable" as const,
    eventId: `evt_bench_${i}`,
    eventType: i % 10 === 0 ? "payment.failed" : "payment.succeeded",
    product: ["LinkedIn Lite", "LinkedIn Plus", "LinkedIn Exec"][i % 3],
    amountCents: 9_800 + (i % 7) * 100,
    amountActual: "98.00",
    currency: "USD",
    name: "Bench Customer",
    email: EMAIL,
    addressCity: "London",
    addressCountry: "GB",
    createdTime: new Date(start + i * 600_000),
  }));
  for (let i = 0; i < ledger.length; i += 500) {
    await database.db.insert(transactions).values(ledger.slice(i, i + 500));
  }
  await database.db.insert(profileOptimizations).values(
    Array.from({ length: OPTIMIZATIONS }, (_, i) => ({
      userId: user.id,
      uid: user.uid,
      airtableRecordId: `recO${String(i).padStart(13, "0")}`,
      formName: `Optimization ${i}`,
      companyName: "Acme Ltd",
      headline: "Head of Growth",
      aboutSection: "Ten years of building sales teams across Europe.".repeat(3),
      status: "in_progress",
      profilesToOptimize: 5,
    })),
  );
  await database.db.insert(orders).values(
    Array.from({ length: ORDERS }, (_, i) => ({
      userId: user.id,
      provider: "test" as const,
      status: "paid" as const,
      channel: "checkout" as const,
      lines: [
        {
          key: "lite",
          kind: "plan",
          name: "LinkedIn Lite",
          quantity: 2,
          unitCents: 9_800,
          totalCents: 19_600,
        },
      ],
      subtotalCents: 19_600,
      totalCents: 19_600,
      createdAt: new Date(start + i * 86_400_000),
    })) as never,
  );
  await database.db.insert(notifications).values(
    Array.from({ length: NOTIFICATIONS }, (_, i) => ({
      userId: user.id,
      kind: "account_status_changed",
      dedupeKey: `bench:${i}`,
      detail: { account: `Firstname${i} Lastname${i}`, from: "Signed In", to: "Restricted - Submit ID" },
      link: "/accounts/linkedin",
      createdAt: new Date(start + i * 3_600_000),
      // The older half read, as a customer who opens the bell now and then leaves them.
      readAt: i < NOTIFICATIONS / 2 ? new Date(start + i * 3_600_000 + 60_000) : null,
    })),
  );
  return user;
}

// --- the servers ----------------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startPeer(folder: string, url: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.cjs"], {
    cwd: folder,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("peer listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the peer stopped (${code})`)));
  });
  return { port, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
}

/** The peer's embedded database, opened as the portal opens its own (openDatabase in db/client.ts). */
async function openPgliteForPeer(dataDir: string): Promise<PGlite> {
  const pglite = new PGlite(path.join(dataDir, "pgdata"), {
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  });
  // The portal's embedded database gathers statistics itself (decision 045); the peer's gets them once.
  await pglite.exec("analyze");
  return pglite;
}

function request(
  port: number,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: pathname,
          method: options.method ?? "GET",
          headers: options.headers,
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    },
  );
}

async function peerCookie(port: number): Promise<string> {
  const answer = await request(port, "/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = answer.headers["set-cookie"]?.[0]?.split(";")[0];
  if (answer.status !== 200 || !cookie) throw new Error(`the peer's sign-in answered ${answer.status}`);
  return cookie;
}

// --- the measurements -----------------------------------------------------------------------------

interface Load {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  bytes: number;
}

function load(
  port: number,
  pathname: string,
  headers: Record<string, string>,
  expectedStatus: number,
): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./load-worker.mjs", import.meta.url), {
      workerData: {
        port,
        path: pathname,
        headers,
        concurrency: CONCURRENCY,
        durationMs: SECONDS * 1000,
        expectedStatus,
      },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

interface Side {
  name: string;
  port: number;
  cookie: string;
  /** The database the side reads, to change a list before "after a change". */
  db: Database;
  userId: number;
  uid: string;
}

interface List {
  name: string;
  path(side: Side): string;
  /** A change a sync or a payment would make, so the next read cannot be the one before. */
  change(side: Side, flip: boolean): Promise<unknown>;
}

const LISTS: List[] = [
  {
    name: "accounts (2,000)",
    path: (side) => `/api/accounts/linkedin/user/${side.uid}`,
    change: (side, flip) =>
      side.db
        .update(linkedinAccounts)
        .set({ notes: flip ? "changed" : null })
        .where(
          sql`${linkedinAccounts.id} = (select min(id) from linkedin_accounts where user_id = ${side.userId})`,
        ),
  },
  {
    name: "transactions (5,000)",
    // The same page for both: the portal's first page is TRANSACTION_PAGE_SIZE (50) rows.
    path: (side) => (side.name.startsWith("peer") ? "/api/transactions?limit=50" : "/api/transactions"),
    change: (side, flip) =>
      side.db
        .update(transactions)
        .set({ name: flip ? "Changed Name" : "Bench Customer" })
        .where(sql`${transactions.id} = (select max(id) from transactions where user_id = ${side.userId})`),
  },
  {
    name: "optimizations (100)",
    path: (side) => `/api/profile-optimizations/${side.uid}`,
    change: (side, flip) =>
      side.db
        .update(profileOptimizations)
        .set({ notes: flip ? "changed" : null })
        .where(eq(profileOptimizations.userId, side.userId)),
  },
  {
    name: "orders (60)",
    path: () => "/api/orders",
    change: (side, flip) =>
      side.db
        .update(orders)
        .set({ failureReason: flip ? "changed" : null })
        .where(sql`${orders.id} = (select max(id) from orders where user_id = ${side.userId})`),
  },
  {
    name: "notifications (500)",
    // The first page as the bell's panel and the notifications screen ask for it (30 entries).
    path: () => "/api/notifications?limit=30",
    change: (side, flip) =>
      side.db
        .update(notifications)
        .set({ readAt: flip ? new Date() : null })
        .where(sql`${notifications.id} = (select max(id) from notifications where user_id = ${side.userId})`),
  },
];

const WANTED_LISTS = (process.env.LISTS ?? "").split(",").filter(Boolean);
const MEASURED_LISTS = LISTS.filter(
  (list) => WANTED_LISTS.length === 0 || WANTED_LISTS.some((wanted) => list.name.startsWith(wanted)),
);

const CASES = ["plain", "gzip", "304", "after a change"] as const;
type Case = (typeof CASES)[number];
const WANTED_CASES = (process.env.CASES ?? "").split(",").filter(Boolean);
const MEASURED_CASES = CASES.filter((kind) => WANTED_CASES.length === 0 || WANTED_CASES.includes(kind));

async function measure(side: Side, list: List, kind: Case): Promise<Load> {
  const url = list.path(side);
  const base = { cookie: side.cookie };
  const first = await request(side.port, url, { headers: base });
  if (first.status !== 200)
    throw new Error(`${side.name} answered ${url} with ${first.status}: ${first.body.slice(0, 200)}`);
  if (kind === "plain") return load(side.port, url, base, 200);
  if (kind === "gzip") return load(side.port, url, { ...base, "accept-encoding": "gzip" }, 200);
  if (kind === "304") {
    const etag = first.headers.etag;
    if (!etag) throw new Error(`${side.name} sent no ETag for ${url}`);
    return load(side.port, url, { ...base, "if-none-match": etag }, 304);
  }
  // One reader, one change before each read: the first read after a change, as after a sync.
  const times: number[] = [];
  for (let i = 0; i < AFTER_CHANGE_REQUESTS; i++) {
    await list.change(side, i % 2 === 0);
    const started = performance.now();
    const answer = await request(side.port, url, { headers: { ...base, "accept-encoding": "gzip" } });
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${side.name} answered ${answer.status} after a change`);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)] ?? Number.NaN;
  return { perSecond: 1000 / p50, p50, p99: times.at(-1) ?? Number.NaN, failed: 0, bytes: 0 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

// --- the run --------------------------------------------------------------------------------------

const secretsKey = randomBytes(32).toString("base64");
const passwordHash = await hashPassword(PASSWORD);
const peerFolder = installPeer();
const embeddedOnly = async (label: string) => {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    return await freshDatabase(label);
  } finally {
    process.env.DATABASE_URL = saved;
  }
};
const postgres = await freshDatabase("bench_peer");
const embedded = await embeddedOnly("bench_peer_pglite");
// The peer's own embedded database: PGlite is one backend in one process, so the peer cannot share
// the portal's; it gets the same data in a folder of its own, served over the wire protocol.
const peerEmbedded = await embeddedOnly("bench_peer_pglite_peer");
const stops: Array<() => Promise<unknown>> = [];
try {
  const sides: Side[] = [];
  for (const [name, fresh] of [
    ["portal on PostgreSQL", postgres],
    ["portal on PGlite", embedded],
  ] as const) {
    await fresh.database.migrate();
    const user = await seed(fresh.database, secretsKey, passwordHash);
    const portal = await startBenchPortal({ database: fresh.database, dataDir: fresh.dataDir, secretsKey });
    stops.push(() => portal.app.close());
    const { token } = await createSession(fresh.database.db, portal.config.session, user.id);
    sides.push({
      name,
      port: portal.port,
      cookie: `${portal.config.session.cookieName}=${token}`,
      db: fresh.database.db,
      userId: user.id,
      uid: user.uid,
    });
  }
  const portalPg = sides[0] as Side;
  const peer = await startPeer(peerFolder, postgres.url ?? "");
  stops.push(() => stopChild(peer.child));
  sides.push({
    ...portalPg,
    name: "peer on PostgreSQL",
    port: peer.port,
    cookie: await peerCookie(peer.port),
  });

  await peerEmbedded.database.migrate();
  const peerUser = await seed(peerEmbedded.database, secretsKey, passwordHash);
  await peerEmbedded.database.close();
  const peerPglite = await openPgliteForPeer(peerEmbedded.dataDir);
  stops.push(() => peerPglite.close());
  const wire = await servePgliteOverTcp(peerPglite);
  stops.push(() => wire.close());
  const peerOnPglite = await startPeer(peerFolder, `postgres://postgres@127.0.0.1:${wire.port}/postgres`);
  stops.push(() => stopChild(peerOnPglite.child));
  sides.push({
    name: "peer on PGlite",
    port: peerOnPglite.port,
    cookie: await peerCookie(peerOnPglite.port),
    db: drizzle({ client: peerPglite, schema }) as unknown as Database,
    userId: peerUser.id,
    uid: peerUser.uid,
  });

  const results = new Map<string, number[]>();
  const key = (side: string, list: string, kind: Case) => `${side}|${list}|${kind}`;
  for (let round = 0; round < ROUNDS; round++) {
    const order = sides.map((_, i) => sides[(i + round) % sides.length] as Side);
    console.log(`round ${round + 1} of ${ROUNDS}: ${order.map((s) => s.name).join(", ")}`);
    for (const list of MEASURED_LISTS) {
      for (const kind of MEASURED_CASES) {
        for (const side of order) {
          const result = await measure(side, list, kind);
          if (result.failed > 0)
            console.log(`  ${side.name}, ${list.name}, ${kind}: ${result.failed} unexpected answers`);
          const k = key(side.name, list.name, kind);
          results.set(k, [...(results.get(k) ?? []), result.perSecond]);
        }
      }
    }
  }

  const [pg, lite, peerPg, peerLite] = sides.map((s) => s.name) as [string, string, string, string];
  console.log(
    `\nrequests per second, median of ${ROUNDS} rounds (${CONCURRENCY} connections, ${SECONDS} s each; "after a change": one reader, a change before every read)\n`,
  );
  const rows = [
    [
      "list",
      "case",
      "portal PG",
      "peer PG",
      "portal PGlite",
      "peer PGlite",
      "PG ÷ peer PG",
      "PGlite ÷ peer PGlite",
      "PGlite ÷ peer PG",
    ],
  ];
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  for (const list of MEASURED_LISTS) {
    for (const kind of MEASURED_CASES) {
      const [a, b, c, d] = [pg, peerPg, lite, peerLite].map((side) =>
        median(results.get(key(side, list.name, kind)) ?? []),
      ) as [number, number, number, number];
      rows.push([
        list.name,
        kind,
        a.toFixed(0),
        b.toFixed(0),
        c.toFixed(0),
        d.toFixed(0),
        ratio(a, b),
        ratio(c, d),
        ratio(c, b),
      ]);
    }
  }
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  await postgres.database.close();
  await embedded.database.close();
  await postgres.drop();
  await embedded.drop();
  await peerEmbedded.drop();
}
