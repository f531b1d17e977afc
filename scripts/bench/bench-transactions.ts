/**
 * Benchmark: the billing history of one customer with 5,000 transactions, over real HTTP on loopback.
 * Prints the median and p95 latency of sequential `GET /api/transactions` (to the last byte of the
 * body); the list's throughput in requests per second with CONCURRENCY connections for SECONDS each:
 * the first page plain and gzipped, an unchanged page (304), a page by cursor, and the first read
 * after a change to the ledger (each read follows a change, so none is served from the cache); a
 * walk through every page; and the time to ingest 1,000 signed webhook events, one request after another, as Stripe
 * delivers them, through the local test provider's signature. Beside the transactions list, the
 * same customer's order history of 500 orders (among 5,000 of other customers), `GET /api/orders`:
 * its first page, a page deep in the list by cursor, a revalidation that answers 304, and a walk
 * through every page.
 *
 *   npm run bench:transactions                               embedded database in a temporary folder
 *   DATABASE_URL=postgres://... npm run bench:transactions   a database of its own on that server
 *   OTHER_LEDGER=45000 npm run bench:transactions            with other customers' ledgers beside it
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { count, eq, sql } from "drizzle-orm";
import type { buildApp } from "../../src/server/app";
import { testPayments } from "../../src/server/platform/adapters/payments/test-payments";
import { orders, transactions, users } from "../../src/server/platform/db/schema";
import { createSession } from "../../src/server/platform/http/session-store";
import { listedItems, type ProductKey } from "../../src/shared/shop/catalogue";
import { DEFAULT_VOLUME_TIERS, parseVolumeTiers, priceOrder } from "../../src/shared/shop/pricing";
import { BENCH_APP_URL, startBenchPortal } from "./bench-portal";
import { freshDatabase } from "./fresh-database";

const TRANSACTIONS = Number(process.env.TRANSACTIONS ?? 5_000);
const EVENTS = Number(process.env.EVENTS ?? 1_000);
const ORDERS = Number(process.env.ORDERS ?? 500);
const OTHER_CUSTOMERS = 50;
/** Ledger rows of the other customers, written as a sync of a large base would (OTHER_LEDGER). */
const OTHER_LEDGER = Number(process.env.OTHER_LEDGER ?? 0);
const ORDERS_PER_OTHER_CUSTOMER = 100;
const ORDER_STATUSES = [
  "paid",
  "paid",
  "paid",
  "expired",
  "cancelled",
  "open",
  "failed",
  "refunded",
] as const;
const WARM_UP = 20;
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 3);
const REQUESTS = 100;
const EVENT_TYPES = ["checkout.session.completed", "payment.succeeded", "payment.failed", "refund.created"];

function request(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
  via: http.Agent = agent,
) {
  return new Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, method, path: pathname, headers, agent: via },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks),
              headers: response.headers,
            }),
          );
          response.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    },
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const { database, dataDir, drop } = await freshDatabase("bench_transactions");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const parallelAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({ email: "bench@example.test", name: "Bench Customer", username: "bench" })
    .returning();
  if (!user) throw new Error("no user");
  const started = Date.now() - TRANSACTIONS * 3_600_000;
  const others = await database.db
    .insert(users)
    .values(
      Array.from({ length: OTHER_CUSTOMERS }, (_, i) => ({
        email: `other${i}@example.test`,
        name: `Other Customer ${i}`,
        username: `other${i}`,
      })),
    )
    .returning({ id: users.id });
  // Other customers' ledgers, written first into the empty table as a new portal's first import of
  // the operator's base would: a third of the payments with the provider's invoice, none with an order.
  const otherLedgerStart = performance.now();
  for (let i = 0; i < OTHER_LEDGER; i += 500) {
    await database.db.insert(transactions).values(
      Array.from({ length: Math.min(500, OTHER_LEDGER - i) }, (_, j) => {
        const n = i + j;
        const owner = others[n % others.length];
        return {
          userId: owner?.id ?? null,
          source: "airtable" as const,
          airtableRecordId: `recOther${String(n).padStart(9, "0")}`,
          currency: "USD",
          amountCents: 9800,
          product: "LinkedIn Lite",
          eventType: n % 10 === 0 ? "checkout.session.completed" : "payment.succeeded",
          invoiceId: n % 3 === 0 ? `in_other_${n}` : null,
          createdTime: new Date(started + n * 60_000),
        };
      }),
    );
  }
  const otherLedgerMs = performance.now() - otherLedgerStart;
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
  const ledgerStart = performance.now();
  for (let i = 0; i < rows.length; i += 500) {
    await database.db.insert(transactions).values(rows.slice(i, i + 500));
  }
  const ledgerMs = performance.now() - ledgerStart;

  // The order history: this customer's, among other customers' (the list reads one customer's by index).
  const items = listedItems({ includeTestProduct: false });
  const tiers = parseVolumeTiers(DEFAULT_VOLUME_TIERS);
  if (!Array.isArray(tiers)) throw new Error(tiers.error);
  const keys: ProductKey[] = ["lite", "plus", "exec", "salesnav", "automation"];
  const orderRow = (userId: number, i: number, total: number) => {
    const priced = priceOrder(
      [
        { key: keys[i % 3] ?? "lite", quantity: 1 + (i % 6) },
        { key: keys[3 + (i % 2)] ?? "salesnav", quantity: 1 },
      ],
      items,
      tiers,
    );
    const status = ORDER_STATUSES[i % ORDER_STATUSES.length] ?? "paid";
    const createdAt = new Date(Date.now() - (total - i) * 3_600_000);
    return {
      userId,
      provider: "stripe" as const,
      channel: "checkout" as const,
      status,
      lines: priced.lines,
      subtotalCents: priced.subtotalCents,
      discountPercent: priced.tier?.percent ?? 0,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      paymentSessionId: `cs_live_${randomBytes(20).toString("base64url")}`,
      createdAt,
      paidAt: status === "paid" || status === "refunded" ? createdAt : null,
    };
  };
  const otherOrders = others.flatMap((other) =>
    Array.from({ length: ORDERS_PER_OTHER_CUSTOMER }, (_, i) =>
      orderRow(other.id, i, ORDERS_PER_OTHER_CUSTOMER),
    ),
  );
  for (let i = 0; i < otherOrders.length; i += 500) {
    await database.db.insert(orders).values(otherOrders.slice(i, i + 500));
  }
  const mine = Array.from({ length: ORDERS }, (_, i) => orderRow(user.id, i, ORDERS));
  const orderIds: number[] = [];
  for (let i = 0; i < mine.length; i += 500) {
    const inserted = await database.db
      .insert(orders)
      .values(mine.slice(i, i + 500))
      .returning({ id: orders.id, status: orders.status });
    orderIds.push(...inserted.filter((o) => o.status === "paid" || o.status === "refunded").map((o) => o.id));
  }
  // Each paid order's payment in the ledger, with its receipt, as the webhooks leave it: rows of the
  // transactions above, so the transactions list's figures stay those of 5,000 rows.
  await database.db.execute(sql`
    update ${transactions} set order_id = paid.id, receipt_url = 'https://pay.stripe.com/receipts/' || paid.id
    from (select id, row_number() over (order by id) as n from ${orders} where id in ${orderIds}) as paid,
         (select id, row_number() over (order by id) as n from ${transactions} where user_id = ${user.id}) as mine
    where ${transactions.id} = mine.id and mine.n = paid.n`);

  const secretsKey = randomBytes(32).toString("base64");
  const payments = testPayments({ appUrl: BENCH_APP_URL });
  const portal = await startBenchPortal({
    database,
    dataDir,
    secretsKey,
    adapters: { payments },
  });
  app = portal.app;
  const { config, port } = portal;
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

  /** Median and p95 of `times` sequential GETs of `url` (to the last byte), after a warm-up. */
  async function timeGets(url: string, headers: Record<string, string>, expect: number) {
    for (let i = 0; i < WARM_UP; i++) await request(port, "GET", url, headers);
    const took: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      const res = await request(port, "GET", url, headers);
      took.push(performance.now() - start);
      if (res.status !== expect) throw new Error(`${url} answered ${res.status}`);
    }
    took.sort((a, b) => a - b);
    return `median ${percentile(took, 50).toFixed(2)} ms, p95 ${percentile(took, 95).toFixed(2)} ms`;
  }
  /** Requests per second of GETs of `url` over CONCURRENCY connections for SECONDS (after a warm-up). */
  async function throughput(url: string, headers: Record<string, string>, expect: number) {
    for (let i = 0; i < WARM_UP; i++) await request(port, "GET", url, headers);
    const until = performance.now() + SECONDS * 1000;
    let done = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const res = await request(port, "GET", url, headers, undefined, parallelAgent);
          if (res.status !== expect) throw new Error(`${url} answered ${res.status}`);
          done += 1;
        }
      }),
    );
    return `${(done / ((performance.now() - start) / 1000)).toFixed(0)} req/s`;
  }
  type TransactionPage = { transactions: Array<{ id: number }>; nextCursor: string | null; etag?: string };
  const gzipHeaders = { ...cookie, "accept-encoding": "gzip" };
  const firstTxPage = await request(port, "GET", "/api/transactions", gzipHeaders);
  const txEtag = String(firstTxPage.headers.etag ?? "");
  const txPage = JSON.parse(
    (await request(port, "GET", "/api/transactions", cookie)).body.toString(),
  ) as TransactionPage;
  let txCursor = txPage.nextCursor;
  let txDeepCursor = txCursor;
  let txPages = 1;
  const txWalkStart = performance.now();
  while (txCursor) {
    txDeepCursor = txCursor;
    const res = await request(
      port,
      "GET",
      `/api/transactions?cursor=${encodeURIComponent(txCursor)}&limit=200`,
      cookie,
    );
    txCursor = (JSON.parse(res.body.toString()) as TransactionPage).nextCursor;
    txPages += 1;
  }
  const txWalkMs = performance.now() - txWalkStart;
  const txPlain = await throughput("/api/transactions", cookie, 200);
  const txGzip = await throughput("/api/transactions", gzipHeaders, 200);
  const txNotModified = await throughput(
    "/api/transactions",
    { ...gzipHeaders, "if-none-match": txEtag },
    304,
  );
  const txDeep = await throughput(
    `/api/transactions?cursor=${encodeURIComponent(txDeepCursor ?? "")}&limit=200`,
    cookie,
    200,
  );
  // The first read after a change: a change to one row of the ledger moves the version on, so the
  // read that follows builds its page from the database. Only the reads are timed.
  const changedRow = txPage.transactions[0]?.id ?? 0;
  let readMs = 0;
  const CHANGES = 100;
  for (let i = 0; i < CHANGES; i++) {
    await database.db
      .update(transactions)
      .set({ name: `Bench Customer ${i}` })
      .where(eq(transactions.id, changedRow));
    const start = performance.now();
    const res = await request(port, "GET", "/api/transactions", gzipHeaders);
    readMs += performance.now() - start;
    if (res.status !== 200) throw new Error(`the list answered ${res.status} after a change`);
  }
  const afterChange = `${(1000 / (readMs / CHANGES)).toFixed(0)} req/s (${(readMs / CHANGES).toFixed(2)} ms each, one at a time)`;

  type OrderPage = { orders: Array<{ receiptUrl: string | null }>; nextCursor: string | null };
  const firstOrders = await request(port, "GET", "/api/orders", cookie);
  if (firstOrders.status !== 200) throw new Error(`the orders answered ${firstOrders.status}`);
  const firstPage = JSON.parse(firstOrders.body.toString()) as OrderPage;
  const etag = String(firstOrders.headers.etag ?? "");
  // The cursor of the last page but one: a page as deep in the list as a customer can go.
  let cursor: string | null = firstPage.nextCursor;
  let deepCursor = cursor;
  let pages = 1;
  const walkStart = performance.now();
  while (cursor) {
    deepCursor = cursor;
    const res = await request(port, "GET", `/api/orders?cursor=${encodeURIComponent(cursor)}`, cookie);
    cursor = (JSON.parse(res.body.toString()) as OrderPage).nextCursor;
    pages += 1;
  }
  const walkMs = performance.now() - walkStart;
  const ordersFirstPage = await timeGets("/api/orders", cookie, 200);
  const ordersDeepPage = await timeGets(
    `/api/orders?cursor=${encodeURIComponent(deepCursor ?? "")}`,
    cookie,
    200,
  );
  const ordersNotModified = await timeGets("/api/orders", { ...cookie, "if-none-match": etag }, 304);

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
    `ledger written in batches of 500: ${OTHER_LEDGER} rows of other customers into the empty table in ${(otherLedgerMs / 1000).toFixed(2)} s, then the customer's ${TRANSACTIONS} rows in ${(ledgerMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `GET /api/transactions, ${TRANSACTIONS} transactions (${listed.transactions.length} of ${listed.total} listed, ${first.body.length} bytes): median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${REQUESTS} requests)`,
  );
  console.log(
    `GET /api/transactions throughput, ${CONCURRENCY} connections, ${SECONDS} s each (first page ${firstTxPage.body.length} bytes gzipped): first page plain ${txPlain}; gzip ${txGzip}; unchanged (304) ${txNotModified}; a page of 200 by cursor ${txDeep}; first read after a change ${afterChange}; every page of 200 in turn (${txPages} pages) ${txWalkMs.toFixed(0)} ms`,
  );
  console.log(
    `GET /api/orders, ${ORDERS} orders among ${OTHER_CUSTOMERS * ORDERS_PER_OTHER_CUSTOMER} of other customers (pages of ${firstPage.orders.length}, ${firstPage.orders.filter((o) => o.receiptUrl).length} of the first with a receipt, ${firstOrders.body.length} bytes): first page ${ordersFirstPage}; last page by cursor ${ordersDeepPage}; unchanged first page (304) ${ordersNotModified}; every page in turn (${pages} pages) ${walkMs.toFixed(0)} ms`,
  );
  console.log(
    `webhook ingest: ${EVENTS} signed events in ${(ingestMs / 1000).toFixed(2)} s (${(ingestMs / EVENTS).toFixed(2)} ms each, sequential); ledger now ${ingested?.n ?? 0} rows`,
  );
} finally {
  agent.destroy();
  parallelAgent.destroy();
  await app?.close();
  await database.close();
  await drop();
}
