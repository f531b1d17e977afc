/**
 * Benchmark: the billing history of one customer with 5,000 transactions, over real HTTP on loopback.
 * Prints the median and p95 latency of sequential `GET /api/transactions` (to the last byte of the
 * body) and the time to ingest 1,000 signed webhook events, one request after another, as Stripe
 * delivers them, through the local test provider's signature.
 *
 *   npm run bench:transactions                               embedded database in a temporary folder
 *   DATABASE_URL=postgres://... npm run bench:transactions   a database of its own on that server
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { Writable } from "node:stream";
import { count, eq } from "drizzle-orm";
import { testPayments } from "../src/server/adapters/payments/test-payments";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { transactions, users } from "../src/server/db/schema";
import { createSession } from "../src/server/http/session-store";
import { freshDatabase } from "./support/fresh-database";

const TRANSACTIONS = Number(process.env.TRANSACTIONS ?? 5_000);
const EVENTS = Number(process.env.EVENTS ?? 1_000);
const WARM_UP = 20;
const REQUESTS = 100;
const EVENT_TYPES = ["checkout.session.completed", "payment.succeeded", "payment.failed", "refund.created"];

function request(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: pathname, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const { database, dataDir, drop } = await freshDatabase("bench_transactions");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({ email: "bench@example.test", name: "Bench Customer", username: "bench" })
    .returning();
  if (!user) throw new Error("no user");
  const started = Date.now() - TRANSACTIONS * 3_600_000;
  const rows = Array.from({ length: TRANSACTIONS }, (_, i) => ({
    userId: user.id,
    uid: user.uid,
    source: i % 2 === 0 ? ("airtable" as const) : ("stripe" as const),
    airtableRecordId: i % 2 === 0 ? `rec${String(i).padStart(14, "0")}` : null,
    eventId: `evt_bench_${i}`,
    csLiveId: `cs_live_${randomBytes(20).toString("base64url")}`,
    object: "checkout.session",
    clientRefId: user.uid,
    currency: "USD",
    amountCents: 9800 + (i % 7) * 1000,
    amountActual: `${98 + (i % 7) * 10}.00`,
    product: ["LinkedIn Lite", "LinkedIn Plus", "LinkedIn Exec"][i % 3] ?? null,
    eventType: EVENT_TYPES[i % EVENT_TYPES.length] ?? null,
    email: "bench@example.test",
    name: "Bench Customer",
    customerEmail: "bench@example.test",
    addressCity: "Dublin",
    addressLine1: "682 High Street",
    addressCountry: "IE",
    addressPostcode: "D02 X285",
    createdTime: new Date(started + i * 3_600_000),
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await database.db.insert(transactions).values(rows.slice(i, i + 500));
  }

  const secretsKey = randomBytes(32).toString("base64");
  const config = loadConfig({
    NODE_ENV: "development",
    LOG_LEVEL: "info",
    APP_URL: "http://127.0.0.1",
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKey,
    SYNC_INTERVAL_MINUTES: "0",
  });
  const payments = testPayments({ appUrl: config.appUrl });
  // Request logs are written as in production, then thrown away, so their cost is in the figures.
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  app = await buildApp({ config, database, logStream: discard, adapters: { payments } });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const { port } = address;
  const { token } = await createSession(database.db, config.session, user.id);
  const cookie = { cookie: `${config.session.cookieName}=${token}` };

  const first = await request(port, "GET", "/api/transactions", cookie);
  if (first.status !== 200) throw new Error(`the list answered ${first.status}: ${first.body.toString()}`);
  for (let i = 0; i < WARM_UP; i++) await request(port, "GET", "/api/transactions", cookie);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const res = await request(port, "GET", "/api/transactions", cookie);
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`the list answered ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const listed = JSON.parse(first.body.toString()) as { transactions: unknown[]; total: number };

  // Signed before the clock starts: the figure is the portal's, not the signing's.
  const deliveries = await Promise.all(
    Array.from({ length: EVENTS }, async (_, i) => {
      const payload = JSON.stringify({
        id: `evt_ingest_${i}`,
        object: "event",
        type: ["invoice.paid", "charge.refunded", "invoice.payment_failed", "payment_intent.payment_failed"][
          i % 4
        ],
        created: Math.floor(Date.now() / 1000) - i,
        data: {
          object: {
            id: `in_${i}`,
            customer: "cus_bench",
            customer_email: "bench@example.test",
            amount_paid: 13400,
            amount_due: 13400,
            amount: 13400,
            amount_refunded: 5000,
            currency: "usd",
            metadata: { customer_uid: user.uid },
            parent: { subscription_details: { metadata: { customer_uid: user.uid } } },
          },
        },
      });
      return { payload, signature: await payments.signEvent(payload) };
    }),
  );
  const ingestStart = performance.now();
  for (const { payload, signature } of deliveries) {
    const res = await request(
      port,
      "POST",
      "/api/stripe/webhook",
      { "content-type": "application/json", "stripe-signature": signature },
      payload,
    );
    if (res.status !== 200) throw new Error(`the webhook answered ${res.status}: ${res.body.toString()}`);
  }
  const ingestMs = performance.now() - ingestStart;
  const [ingested] = await database.db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.userId, user.id));

  console.log(`database: ${process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "PGlite (embedded)"}`);
  console.log(
    `GET /api/transactions, ${TRANSACTIONS} transactions (${listed.transactions.length} of ${listed.total} listed, ${first.body.length} bytes): median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${REQUESTS} requests)`,
  );
  console.log(
    `webhook ingest: ${EVENTS} signed events in ${(ingestMs / 1000).toFixed(2)} s (${(ingestMs / EVENTS).toFixed(2)} ms each, sequential); ledger now ${ingested?.n ?? 0} rows`,
  );
} finally {
  agent.destroy();
  await app?.close();
  await database.close();
  await drop();
}
