/**
 * Several instances of the built portal on one PostgreSQL behind a real proxy (HAProxy), under load,
 * while one instance is stopped (SIGTERM) and another killed (SIGKILL). Prints what a customer or the
 * operator would notice: failed requests beyond those the killed instance had in flight, syncs that
 * ran twice at once, mail sent twice or never, and acknowledged writes that were lost.
 *
 *   DATABASE_URL=postgres://… npm run measure:instances
 *
 * Needs `npm run build` first and HAProxy (Debian's `haproxy` package; installed when missing and
 * this runs as root). DURATION_S (default 20) sets the length of the load.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../../src/server/platform/config";
import { type SyncRunRow, syncRuns, users } from "../../src/server/platform/db/schema";
import { createSession } from "../../src/server/platform/http/session-store";
import { mailQueue } from "../../src/server/platform/outbox/mail";
import { createOutbox } from "../../src/server/platform/outbox/outbox";
import { demoDataDir } from "../../src/server/platform/paths";
import { openSecretBox } from "../../src/server/platform/secrets/secret-box";
import { startFakeSmtp } from "../../tests/fakes/smtp-server";
import { freshDatabase } from "./fresh-database";

const INSTANCES = 3;
const CUSTOMERS = 40;
const WORKERS = 16;
const DURATION_MS = Number(process.env.DURATION_S ?? 20) * 1000;
const MAILS = 200;
/** Requests that fail within this long of the SIGKILL count as the killed instance's in-flight ones. */
const KILL_WINDOW_MS = 2_000;

if (!process.env.DATABASE_URL) {
  console.error("Several instances need a PostgreSQL server: set DATABASE_URL.");
  process.exit(1);
}
if (!existsSync("dist/server/main.js")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

function haproxyPath(): string {
  const find = () => {
    try {
      return execFileSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  let found = find();
  if (!found && process.getuid?.() === 0) {
    console.log("Installing Debian's haproxy package…");
    execFileSync("sh", ["-c", "apt-get install -y -qq haproxy >/dev/null"], { stdio: "inherit" });
    found = find();
  }
  if (!found) {
    console.error("HAProxy is missing: apt-get install -y haproxy");
    process.exit(1);
  }
  return found;
}

function haproxyConfig(proxyPort: number, ports: number[]): string {
  return [
    "global",
    "  maxconn 2000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    // A request that found a closed or refused connection goes to another instance; one that was
    // sent already is retried only when it is safe to repeat (HAProxy's own rule).
    "  retries 3",
    "  option redispatch 1",
    "  retry-on all-retryable-errors",
    "  option forwardfor",
    "frontend portal",
    `  bind 127.0.0.1:${proxyPort}`,
    "  default_backend portals",
    "backend portals",
    "  balance roundrobin",
    "  option httpchk GET /api/health/ready",
    "  http-check expect status 200",
    "  default-server inter 500ms fall 1 rise 2",
    ...ports.map((port, i) => `  server portal${i + 1} 127.0.0.1:${port} check`),
    "",
  ].join("\n");
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

interface Outcome {
  at: number;
  ok: boolean;
  status: number;
}

async function main() {
  const haproxy = haproxyPath();
  const fresh = await freshDatabase("portal_instances");
  const children: ChildProcess[] = [];
  const smtp = await startFakeSmtp();
  const scratch = mkdtempSync(path.join(tmpdir(), "portal-instances-"));
  try {
    await fresh.database.migrate();
    const { db } = fresh.database;
    const databaseUrl = fresh.url;
    if (!databaseUrl) throw new Error("several instances need a PostgreSQL server");
    const proxyPort = await freePort();
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${proxyPort}`,
      TRUST_PROXY: "loopback",
      DATABASE_URL: databaseUrl,
      SECRETS_KEY: randomBytes(32).toString("base64"),
      SMTP_URL: smtp.url,
      MAIL_FROM: "portal@example.test",
      SYNC_SOURCE_DIR: demoDataDir,
      SYNC_INTERVAL_MINUTES: "0",
      REQUIRE_ADMIN_2FA: "off",
      OUTBOX_LEASE_SECONDS: "5",
      LOG_LEVEL: "info",
    };
    const config = loadConfig(env);

    // Customers and an admin, signed in by sessions made here (sign-in is rate limited per address,
    // and every request reaches the portal from the proxy's one address).
    const made = await db
      .insert(users)
      .values([
        ...Array.from({ length: CUSTOMERS }, (_, i) => ({
          email: `load-${i}@example.test`,
          name: `Load ${i}`,
          emailVerifiedAt: new Date(),
        })),
        {
          email: "operator@example.test",
          name: "Operator",
          role: "admin" as const,
          emailVerifiedAt: new Date(),
        },
      ])
      .returning({ id: users.id, uid: users.uid, email: users.email, role: users.role });
    const cookieOf = async (userId: number) =>
      `${config.session.cookieName}=${(await createSession(db, config.session, userId)).token}`;
    const customers = await Promise.all(
      made
        .filter((u) => u.role === "customer")
        .map(async (u) => ({ ...u, cookie: await cookieOf(u.id), acknowledged: null as string | null })),
    );
    const admin = made.find((u) => u.role === "admin");
    if (!admin) throw new Error("no admin");
    const adminCookie = await cookieOf(admin.id);

    const started = ports.map((port) => {
      // Their logs go to a file of the run, printed only when something failed to start.
      const log = openSync(path.join(scratch, `portal-${port}.log`), "a");
      const child = spawn(process.execPath, ["dist/server/main.js"], {
        env: { ...env, PORT: String(port) },
        stdio: ["ignore", log, log],
      });
      children.push(child);
      return child;
    });
    const configFile = path.join(scratch, "haproxy.cfg");
    writeFileSync(configFile, haproxyConfig(proxyPort, ports));
    children.push(spawn(haproxy, ["-f", configFile, "-db"], { stdio: ["ignore", "ignore", "ignore"] }));
    const base = `http://127.0.0.1:${proxyPort}`;
    await Promise.all(
      ports.map((port) =>
        waitUntil(
          async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok,
          `instance on ${port} ready`,
        ),
      ),
    );
    await waitUntil(async () => (await fetch(`${base}/api/health/ready`)).ok, "the proxy");

    // Mail, enqueued as the load runs, for the instances' outbox workers to deliver.
    const secretBox = await openSecretBox(config);
    const outbox = createOutbox(db, pino({ level: "silent" }), { leaseSeconds: 5 });
    const mail = mailQueue(outbox, secretBox);

    const outcomes: Outcome[] = [];
    const t0 = Date.now();
    let stopAt = t0 + DURATION_MS;
    let killAt = Number.POSITIVE_INFINITY;
    let writes = 0;
    const headers = (cookie: string) => ({ cookie, origin: base, "content-type": "application/json" });

    async function request(url: string, init: RequestInit): Promise<Response | null> {
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        outcomes.push({ at: Date.now(), ok: res.status < 500, status: res.status });
        return res;
      } catch {
        outcomes.push({ at: Date.now(), ok: false, status: 0 });
        return null;
      }
    }

    async function worker(w: number) {
      const mine = customers.filter((_, i) => i % WORKERS === w);
      let n = 0;
      while (Date.now() < stopAt) {
        const customer = mine[n % mine.length];
        n += 1;
        if (!customer) return;
        if (n % 5 === 0 && writes < CUSTOMERS * 15) {
          writes += 1;
          const name = `Load ${customer.id} v${n}`;
          const res = await request(`${base}/api/user/${customer.id}`, {
            method: "PUT",
            headers: headers(customer.cookie),
            body: JSON.stringify({ email: customer.email, name }),
          });
          if (res?.status === 200) customer.acknowledged = name;
        } else {
          await request(`${base}/api/accounts/linkedin/user/${customer.uid}`, {
            headers: { cookie: customer.cookie },
          });
        }
      }
    }

    async function mailer() {
      for (let i = 0; i < MAILS && Date.now() < stopAt; i++) {
        await mail.enqueue(db, {
          to: `load-${i % CUSTOMERS}@example.test`,
          subject: `Load mail ${i}`,
          text: `Mail ${i}`,
          html: `<p>Mail ${i}</p>`,
        });
        await new Promise((r) => setTimeout(r, DURATION_MS / MAILS / 2));
      }
    }

    // Syncs started on every instance at once, a few times over.
    const syncAnswers: number[] = [];
    async function syncs() {
      for (const at of [0.15, 0.45, 0.75]) {
        await new Promise((r) => setTimeout(r, Math.max(0, t0 + at * DURATION_MS - Date.now())));
        const answers = await Promise.all(
          ports.map((port) =>
            fetch(`http://127.0.0.1:${port}/api/admin/sync-users`, {
              method: "POST",
              headers: { ...headers(adminCookie), origin: base },
              body: JSON.stringify({ kind: "full" }),
            })
              .then((res) => res.status)
              .catch(() => 0),
          ),
        );
        syncAnswers.push(...answers);
      }
    }

    async function stops() {
      await new Promise((r) => setTimeout(r, DURATION_MS * 0.35));
      started[0]?.kill("SIGTERM");
      console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: SIGTERM to instance 1`);
      await new Promise((r) => setTimeout(r, DURATION_MS * 0.25));
      killAt = Date.now();
      started[1]?.kill("SIGKILL");
      console.log(`${((killAt - t0) / 1000).toFixed(1)} s: SIGKILL to instance 2`);
    }

    await Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w)), mailer(), syncs(), stops()]);
    stopAt = Date.now();
    const sigtermExit = await new Promise<number | null>((resolve) => {
      if (started[0]?.exitCode !== null) resolve(started[0]?.exitCode ?? null);
      else started[0]?.once("exit", (code) => resolve(code));
    });

    // The survivor delivers what is left, including the mail the killed instance had claimed.
    const enqueued = await db.execute(sql`select count(*)::int as n from outbox_jobs where kind = 'mail'`);
    const mailCount = (enqueued as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
    await waitUntil(
      async () => {
        const left = await db.execute(
          sql`select count(*)::int as n from outbox_jobs where done_at is null and dead_at is null`,
        );
        return (left as unknown as { rows: Array<{ n: number }> }).rows[0]?.n === 0;
      },
      "the outbox to drain",
      60_000,
    );

    const failed = outcomes.filter((o) => !o.ok);
    const nearKill = failed.filter((o) => o.at >= killAt && o.at < killAt + KILL_WINDOW_MS);
    const beyond = failed.length - nearKill.length;

    const runs = (await db
      .select()
      .from(syncRuns)
      .where(inArray(syncRuns.kind, ["full", "incremental"]))
      .orderBy(syncRuns.startedAt)) as SyncRunRow[];
    let overlapping = 0;
    for (let i = 1; i < runs.length; i++) {
      const previous = runs[i - 1];
      const run = runs[i];
      if (previous && run && (previous.finishedAt === null || previous.finishedAt > run.startedAt))
        overlapping += 1;
    }

    const bySubject = new Map<string, number>();
    for (const received of smtp.received) {
      const subject = /^Subject: (.*)$/m.exec(received.raw)?.[1]?.trim() ?? "";
      bySubject.set(subject, (bySubject.get(subject) ?? 0) + 1);
    }
    const sentTwice = [...bySubject.values()].filter((n) => n > 1).length;
    const neverSent = Math.max(0, mailCount - bySubject.size);

    const names = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          customers.map((c) => c.id),
        ),
      );
    const nameOf = new Map(names.map((row) => [row.id, row.name]));
    const lost = customers.filter(
      (c) => c.acknowledged !== null && nameOf.get(c.id) !== c.acknowledged,
    ).length;

    const seconds = (Date.now() - t0) / 1000;
    console.log("");
    console.log(
      `${INSTANCES} instances behind HAProxy on one PostgreSQL, ${outcomes.length} requests in ${seconds.toFixed(1)} s`,
    );
    console.log(`  instance 1 stopped with SIGTERM: exit code ${sigtermExit}`);
    if (sigtermExit !== 0) {
      // What it said while stopping, to see what did not finish in time.
      const said = readFileSync(path.join(scratch, `portal-${ports[0]}.log`), "utf8").split("\n");
      const from = said.findIndex((line) => line.includes("shutting down"));
      console.log(said.slice(Math.max(0, from), from + 15).join("\n"));
    }
    console.log(
      `  failed requests: ${failed.length} (${nearKill.length} within ${KILL_WINDOW_MS} ms of the SIGKILL)`,
    );
    console.log(`  errors beyond the killed instance's in-flight requests: ${beyond}`);
    console.log(
      `  syncs started on every instance at once: ${syncAnswers.filter((s) => s === 200).length} ran, ${syncAnswers.filter((s) => s === 409).length} refused as busy, ${syncAnswers.filter((s) => s !== 200 && s !== 409).length} other`,
    );
    console.log(`  double syncs (runs that overlapped another): ${overlapping} of ${runs.length} runs`);
    console.log(`  mail: ${mailCount} enqueued, ${sentTwice} sent twice, ${neverSent} never sent`);
    console.log(
      `  acknowledged writes lost: ${lost} of ${customers.filter((c) => c.acknowledged).length} customers' last saves`,
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await smtp.close();
    await fresh.database.close().catch(() => {});
    await fresh.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
