/**
 * Benchmark: the admin's customers list over 10,000 customers, over real HTTP on loopback. Seeds a
 * fresh database with customers who have LinkedIn accounts, payments (some failed), sessions and
 * second factors, then prints the median and p95 of sequential GETs (time to the last byte): the first
 * page, a page deep in the list by cursor, searches by a surname, an email domain and a uid, and
 * a filter.
 *
 *   npm run bench:customers                               embedded database in a temporary folder
 *   CUSTOMERS=50000 npm run bench:customers               more customers
 *   DATABASE_URL=postgres://... npm run bench:customers   a database of its own on that server, dropped after
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { buildApp } from "../../src/server/app";
import type { DatabaseHandle } from "../../src/server/platform/db/database";
import {
  linkedinAccounts,
  passkeys,
  sessions,
  transactions,
  twoFactorApps,
  users,
} from "../../src/server/platform/db/schema";
import { createSession } from "../../src/server/platform/http/session-store";
import { customerListSchema } from "../../src/shared/api/admin-customers";
import { startBenchPortal } from "./bench-portal";
import { freshDatabase } from "./fresh-database";

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 10_000);
const WARM_UP = 10;
const REQUESTS = 100;
const BATCH = 1_000;

const FIRST = [
  "Olivia",
  "Liam",
  "Amelia",
  "Noah",
  "Isla",
  "Oliver",
  "Ava",
  "Elijah",
  "Mia",
  "Lucas",
  "Zoë",
  "Jürgen",
];
const LAST = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Patel",
  "Müller",
  "García",
  "Nguyen",
];
const DOMAINS = ["gmail.com", "outlook.com", "acme-corp.example", "harbour.example", "yahoo.co.uk"];
const STATUSES = ["Signed In", "Not signed in", "Wrong Password", "Restricted - Submit ID"];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

async function seed(database: DatabaseHandle): Promise<{ uid: string; surname: string }> {
  const db = database.db;
  let sampleUid = "";
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    const count = Math.min(BATCH, CUSTOMERS - start);
    const rows = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      const first = pick(FIRST, i);
      // A surname per customer beyond the common ones, so a surname search finds a few, not thousands.
      const last = i % 4 === 0 ? `${pick(LAST, i >> 2)}${i}` : pick(LAST, i * 7);
      return {
        email: `${first.toLowerCase()}.${last.toLowerCase()}.${i}@${pick(DOMAINS, i * 3)}`,
        name: `${first} ${last}`,
        username: `customer_${i}`,
        airtableRecordId: i % 10 === 0 ? null : `recCust${String(i).padStart(10, "0")}`,
        googleId: i % 6 === 0 ? `google-${i}` : null,
        passwordHash: i % 3 === 0 ? null : "$argon2id$v=19$m=19456,t=2,p=1$bench$bench",
        createdAt: new Date(Date.now() - (CUSTOMERS - i) * 3_600_000),
      };
    });
    const inserted = await db.insert(users).values(rows).returning({ id: users.id, uid: users.uid });
    if (start === 0) sampleUid = inserted[123]?.uid ?? "";
    const accounts = inserted.flatMap((user, k) =>
      (start + k) % 3 === 0
        ? []
        : [0, 1].map((n) => ({
            userId: user.id,
            uid: user.uid,
            airtableRecordId: `recAcct${user.id}-${n}`,
            accountType: "lite",
            firstName: `Account${n}`,
            status: pick(STATUSES, user.id + n),
          })),
    );
    await db.insert(linkedinAccounts).values(accounts);
    const ledger = inserted.flatMap((user, k) => {
      const i = start + k;
      if (i % 2 !== 0) return [];
      const paid = [
        { eventType: "checkout.session.completed", amountCents: 9800 },
        { eventType: "payment.succeeded", amountCents: 9800 },
        ...(i % 20 === 0 ? [{ eventType: "payment.failed", amountCents: 9800 }] : []),
        ...(i % 50 === 0 ? [{ eventType: "refund.created", amountCents: 4000 }] : []),
      ];
      return paid.map((event, n) => ({
        userId: user.id,
        uid: user.uid,
        source: "stripe" as const,
        eventId: `evt_${user.id}_${n}`,
        createdTime: new Date(Date.now() - n * 86_400_000),
        ...event,
      }));
    });
    await db.insert(transactions).values(ledger);
    await db.insert(sessions).values(
      inserted
        .filter((_, k) => (start + k) % 5 === 0)
        .map((user) => ({
          tokenHash: randomBytes(32).toString("hex"),
          userId: user.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
    );
    const withApp = inserted.filter((_, k) => (start + k) % 7 === 0);
    if (withApp.length > 0) {
      await db
        .insert(twoFactorApps)
        .values(withApp.map((user) => ({ userId: user.id, enabledAt: new Date() })));
    }
    const withPasskey = inserted.filter((_, k) => (start + k) % 11 === 0);
    if (withPasskey.length > 0) {
      await db.insert(passkeys).values(
        withPasskey.map((user) => ({
          userId: user.id,
          credentialId: `cred-${user.id}`,
          publicKey: "pk",
          name: "Key",
        })),
      );
    }
  }
  return { uid: sampleUid, surname: `${pick(LAST, 100 >> 2)}100` };
}

function get(port: number, pathname: string, headers: Record<string, string>, agent: http.Agent) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const secretsKey = randomBytes(32).toString("base64");
const { database, dataDir, drop } = await freshDatabase("bench_customers");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await database.migrate();
  const seedStarted = performance.now();
  const sample = await seed(database);
  const [admin] = await database.db
    .insert(users)
    .values({ email: "bench-admin@example.test", name: "Bench Admin", role: "admin" })
    .returning();
  if (!admin) throw new Error("no admin");
  const seeded = performance.now() - seedStarted;
  const portal = await startBenchPortal({ database, dataDir, secretsKey });
  app = portal.app;
  const { config, port } = portal;
  const { token } = await createSession(database.db, config.session, admin.id);
  const headers = { cookie: `${config.session.cookieName}=${token}` };

  // A page in the middle of the list, by following cursors from the start.
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const res = await get(
      port,
      `/api/admin/customers?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      headers,
      agent,
    );
    cursor = customerListSchema.parse(JSON.parse(res.body.toString())).nextCursor;
  }

  const cases: [string, string][] = [
    ["first page (50)", "/api/admin/customers"],
    ["page 51 by cursor", `/api/admin/customers?cursor=${cursor}`],
    [`search "${sample.surname}"`, `/api/admin/customers?q=${encodeURIComponent(sample.surname)}`],
    ['search "smith"', "/api/admin/customers?q=smith"],
    ['search "harbour.example"', "/api/admin/customers?q=harbour.example"],
    ["search a whole uid", `/api/admin/customers?q=${sample.uid}`],
    ["failed payments", "/api/admin/customers?failedPayments=yes"],
    ["no login, in the base", "/api/admin/customers?login=no&unlinked=no"],
  ];
  console.log(`database:        ${database.kind}`);
  console.log(`customers:       ${CUSTOMERS} (seeded in ${(seeded / 1000).toFixed(1)} s)`);
  for (const [label, url] of cases) {
    let last = await get(port, url, headers, agent);
    if (last.status !== 200) throw new Error(`${label} answered ${last.status}: ${last.body.toString()}`);
    for (let i = 0; i < WARM_UP; i++) await get(port, url, headers, agent);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      last = await get(port, url, headers, agent);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const list = customerListSchema.parse(JSON.parse(last.body.toString()));
    console.log(
      `${label.padEnd(28)} median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${REQUESTS} requests; ${list.customers.length} rows of ${list.total})`,
    );
  }
} finally {
  agent.destroy();
  await app?.close();
  await database.close();
  await drop();
}
