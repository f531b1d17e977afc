/**
 * Measurement: the server's memory while one customer downloads their data with secrets.
 * Seeds a customer with 2,000 LinkedIn accounts (every secret sealed), 5,000 transactions, 300
 * orders and a few plans and requests, starts the real server on loopback, and has a client of its
 * own (another process, so its memory is not counted) download the ZIP with the secrets over HTTP.
 * The server samples its memory every 5 ms during the download and prints the peak RSS and heap
 * growth against the baseline just before, with the ZIP's size, how much JSON it unpacks to, and
 * the time. Each round is a fresh download (after a collection, when `--expose-gc` is given).
 *
 *   npm run measure:export-memory                              embedded database (PGlite, in this process)
 *   DATABASE_URL=postgres://... npm run measure:export-memory  a database of its own on that server, dropped after
 *   ROUNDS=5 ACCOUNTS=4000 TRANSACTIONS=20000 npm run measure:export-memory
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { buildApp } from "../../src/server/app";
import type { DatabaseHandle } from "../../src/server/platform/db/database";
import {
  linkedinAccounts,
  orders,
  profileOptimizations,
  subscriptions,
  transactions,
  users,
} from "../../src/server/platform/db/schema";
import { createSession } from "../../src/server/platform/http/session-store";
import { sealRecoveryCodes } from "../../src/server/platform/secrets/recovery-codes";
import { createSecretBox } from "../../src/server/platform/secrets/secret-box";
import { DATA_EXPORT_PATH } from "../../src/shared/api/my-data";
import { readZip } from "../../tests/support/read-zip";
import { startBenchPortal } from "./bench-portal";
import { freshDatabase } from "./fresh-database";

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 2_000);
const TRANSACTIONS = Number(process.env.TRANSACTIONS ?? 5_000);
const ORDERS = Number(process.env.ORDERS ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SAMPLE_MS = 5;
/** How often, during a download, a full collection is forced to read the heap that is still live. */
const LIVE_SAMPLE_MS = 100;
const MB = 1024 * 1024;

const collect = (globalThis as { gc?: () => void }).gc;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

async function seedCustomer(database: DatabaseHandle, secretsKey: string) {
  const box = createSecretBox([Buffer.from(secretsKey, "base64")]);
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ email: "measure@example.test", name: "Measure Customer", username: "measure" })
    .returning();
  if (!user) throw new Error("no user");
  const start = Date.now() - 400 * 86_400_000;
  await insertInChunks(
    Array.from({ length: ACCOUNTS }, (_, i) => ({
      userId: user.id,
      uid: user.uid,
      airtableRecordId: `recAcct${String(i).padStart(10, "0")}`,
      accountType: ["lite", "plus", "exec", "navigator"][i % 4] ?? "lite",
      firstName: `Firstname${i}`,
      lastName: `Lastname${i}`,
      linkedinEmail: `account.${i}@mailbox.example.com`,
      linkedinPasswordEncrypted: box.seal(`Pw!${randomBytes(8).toString("base64url")}`),
      profileUrl: `https://www.linkedin.com/in/firstname-lastname-${i}-a1b2c3/`,
      status: "Signed In",
      connectionsCount: 150 + ((i * 37) % 2_500),
      followers: 100 + ((i * 53) % 3_000),
      headline: "Senior Account Executive helping B2B teams grow pipeline | Software Development",
      location: "London, England, United Kingdom",
      industry: "Software Development",
      proxyCountry: "GB",
      proxyIp: `203.0.${(i >> 8) & 255}.${i & 255}`,
      proxyPort: "22225",
      proxyUsername: `brd-customer-hl_5f3c-zone-resi-${i}`,
      proxyPasswordEncrypted: box.seal(`px-${randomBytes(6).toString("hex")}`),
      proxyZoneName: "residential_gb",
      twoFaSecretEncrypted: box.seal("JBSWY3DPEHPK3PXP"),
      twoFaRecoveryCodesEncrypted: sealRecoveryCodes(
        box,
        [1, 2, 3].map(() => randomBytes(4).toString("hex")),
      ),
      twoFaRecoveryCodeCount: 3,
      twoFaStatus: "Enabled",
      verificationType: "Phone",
      notes: i % 3 === 0 ? "Warmed up for 3 weeks; keep daily connection requests under 20." : null,
      createdAt: new Date(start + i * 3_600_000),
    })),
    (chunk) => db.insert(linkedinAccounts).values(chunk),
  );
  const orderIds: number[] = [];
  await insertInChunks(
    Array.from({ length: ORDERS }, (_, i) => ({
      userId: user.id,
      provider: "test" as const,
      channel: "checkout" as const,
      status: "paid" as const,
      lines: [
        {
          key: "plus" as const,
          kind: "plan" as const,
          name: "LinkedIn Plus",
          quantity: 2,
          unitCents: 4900,
          totalCents: 9800,
        },
      ],
      subtotalCents: 9800,
      totalCents: 9800,
      paymentSessionId: `cs_test_measure_${i}`,
      createdAt: new Date(start + i * 86_400_000),
      paidAt: new Date(start + i * 86_400_000 + 60_000),
    })),
    async (chunk) => {
      const rows = await db.insert(orders).values(chunk).returning({ id: orders.id });
      orderIds.push(...rows.map((row) => row.id));
    },
  );
  await insertInChunks(
    Array.from({ length: TRANSACTIONS }, (_, i) => ({
      userId: user.id,
      uid: user.uid,
      airtableRecordId: `recTxn${String(i).padStart(10, "0")}`,
      source: "airtable" as const,
      amountCents: 4900 + (i % 7) * 100,
      amountActual: `${49 + (i % 7)}.00`,
      currency: "USD",
      eventId: `evt_measure_${i}`,
      csLiveId: `cs_live_measure_${i}`,
      object: "checkout.session",
      eventType: ["checkout.session.completed", "payment.succeeded", "payment.failed", "refund.created"][
        i % 4
      ],
      product: "LinkedIn Plus",
      email: "measure@example.test",
      name: "Measure Customer",
      phone: "+44 20 7946 0000",
      addressLine1: "221B Baker Street",
      addressCity: "London",
      addressPostcode: "NW1 6XE",
      addressCountry: "GB",
      orderId: orderIds[i % orderIds.length] ?? null,
      createdTime: new Date(start + i * 3_000_000),
    })),
    (chunk) => db.insert(transactions).values(chunk),
  );
  await db.insert(subscriptions).values(
    Array.from({ length: 5 }, (_, i) => ({
      subscriptionId: `sub_measure_${i}`,
      userId: user.id,
      provider: "test" as const,
      status: "active" as const,
      product: "2 × LinkedIn Plus",
      quantity: 2,
      amountCents: 9800,
      eventCreated: new Date(),
    })),
  );
  await db.insert(profileOptimizations).values(
    Array.from({ length: 20 }, (_, i) => ({
      userId: user.id,
      uid: user.uid,
      airtableRecordId: `recOpt${i}`,
      formName: `Optimization ${i}`,
      aboutSection: "A seasoned sales leader with a decade in B2B software. ".repeat(10),
      profilesToOptimize: 3,
    })),
  );
  return user;
}

/** The client, as a process of its own: downloads to a file, says how many bytes and how long. */
const CLIENT = `
import { createWriteStream } from "node:fs";
const [url, cookie, out] = process.argv.slice(1);
const started = performance.now();
const res = await fetch(url, { headers: { cookie } });
if (res.status !== 200) { console.error(res.status, await res.text()); process.exit(1); }
const file = createWriteStream(out);
let bytes = 0;
let firstByteMs = null;
for await (const chunk of res.body) {
  firstByteMs ??= performance.now() - started;
  bytes += chunk.length;
  if (!file.write(chunk)) await new Promise((resolve) => file.once("drain", resolve));
}
await new Promise((resolve) => file.end(resolve));
console.log(JSON.stringify({ bytes, ms: performance.now() - started, firstByteMs }));
`;

interface Sample {
  rss: number;
  heapUsed: number;
  external: number;
}
const sample = (): Sample => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
};
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

const secretsKey = randomBytes(32).toString("base64");
const { database, dataDir, drop } = await freshDatabase("measure_export");
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await database.migrate();
  const seededAt = performance.now();
  const user = await seedCustomer(database, secretsKey);
  const seedMs = performance.now() - seededAt;
  const portal = await startBenchPortal({ database, dataDir, secretsKey });
  app = portal.app;
  const { config, port } = portal;
  const { token } = await createSession(database.db, config.session, user.id);
  const url = `http://127.0.0.1:${port}${DATA_EXPORT_PATH}?includeSecrets=true`;
  const cookie = `${config.session.cookieName}=${token}`;
  const out = path.join(tmpdir(), `measure-export-${process.pid}.zip`);

  console.log(`database:        ${database.kind}`);
  console.log(
    `customer:        ${ACCOUNTS} accounts with secrets, ${TRANSACTIONS} transactions, ${ORDERS} orders (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `gc before each:  ${collect ? "yes" : "no (run node with --expose-gc for a steadier baseline)"}`,
  );
  /** The ZIP's size unpacked, after checking it holds every account (with its secrets) and transaction. */
  async function unpackedSize(): Promise<number> {
    const entries = await readZip(await readFile(out));
    const accounts = JSON.parse(entries.get("linkedin-accounts.json") ?? "[]") as Array<{
      secrets?: unknown;
    }>;
    const txns = JSON.parse(entries.get("transactions.json") ?? "[]") as unknown[];
    if (accounts.length !== ACCOUNTS || txns.length !== TRANSACTIONS || accounts.some((a) => !a.secrets)) {
      throw new Error(`the ZIP holds ${accounts.length} accounts and ${txns.length} transactions`);
    }
    return [...entries.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  }

  /**
   * One download. `live`: a full collection every LIVE_SAMPLE_MS, to read the heap the download still
   * holds rather than the garbage a lazy collector has yet to clear (it slows the download down).
   */
  async function round(name: string, live: boolean) {
    collect?.();
    const baseline = sample();
    const peak = { ...baseline };
    let peakLive = baseline.heapUsed;
    const timer = setInterval(() => {
      const now = sample();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.external = Math.max(peak.external, now.external);
    }, SAMPLE_MS);
    const liveTimer =
      live && collect
        ? setInterval(() => {
            collect();
            peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
          }, LIVE_SAMPLE_MS)
        : undefined;
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "-e",
      CLIENT,
      url,
      cookie,
      out,
    ]);
    clearInterval(timer);
    clearInterval(liveTimer);
    const result = JSON.parse(stdout) as { bytes: number; ms: number; firstByteMs: number };
    const unpacked = await unpackedSize();
    collect?.();
    const after = sample();
    console.log(
      `${name}: ${(result.ms / 1000).toFixed(2)} s (first byte ${result.firstByteMs.toFixed(0)} ms), ` +
        `ZIP ${mb(result.bytes)} unpacking to ${mb(unpacked)} of JSON; ` +
        `baseline RSS ${mb(baseline.rss)}, heap ${mb(baseline.heapUsed)}; ` +
        `peak growth RSS +${mb(peak.rss - baseline.rss)}, heap +${mb(peak.heapUsed - baseline.heapUsed)}, ` +
        `external +${mb(peak.external - baseline.external)}` +
        (live && collect ? `; live heap at most +${mb(peakLive - baseline.heapUsed)}` : "") +
        (collect ? `; heap after, collected: ${mb(after.heapUsed)}` : ""),
    );
  }

  for (let n = 1; n <= ROUNDS; n++) await round(`round ${n}`, false);
  if (collect) await round("with collections", true);
  await rm(out, { force: true });
} finally {
  await app?.close();
  await database.close();
  await drop();
}
