/**
 * A reset mail survives a crash (decision 025): the server commits the link and its mail, starts to
 * send it to a mail server that takes the connection and never answers, and is killed (SIGKILL) right
 * then. Started again on the same database with a working mail server, it sends the mail, exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";
import type { DatabaseHandle } from "../../../src/server/platform/db/database";
import { type FakeSmtp, startFakeSmtp } from "../../fakes/smtp-server";
import { type ServerProcess, startServerProcess } from "../../support/server-process";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertUser } from "../../support/users";

const APP_URL = "http://portal.test";
const EMAIL = "crash@example.test";

type Started = ServerProcess;

function run(env: Record<string, string>): Started {
  return startServerProcess({
    NODE_ENV: "development",
    APP_URL,
    SYNC_INTERVAL_MINUTES: "0",
    MAIL_FROM: "portal@example.test",
    SMTP_TIMEOUT_SECONDS: "120",
    // Short, so the restarted server may take the job over soon after the killed one held it.
    OUTBOX_LEASE_SECONDS: "2",
    ...env,
  });
}

async function waitFor<T>(what: string, check: () => T | undefined | false, started?: Started): Promise<T> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const value = check();
    if (value) return value;
    if (started && started.child.exitCode !== null) throw new Error(`server exited:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen:\n${started?.output() ?? ""}`);
}

const readyPort = (started: Started) =>
  waitFor(
    "start",
    () => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output());
      return match && started.output().includes("portal ready") ? Number(match[1]) : undefined;
    },
    started,
  );

/** A mail server that accepts connections and never says a word: a send hangs until killed. */
async function silentMailServer() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("a mail committed before a crash", () => {
  let dataDir: string;
  let pgDatabase: TestDatabase | undefined;
  let smtp: FakeSmtp;
  let silent: Awaited<ReturnType<typeof silentMailServer>>;
  const running: Started[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "portal-outbox-"));
    if (process.env.TEST_DATABASE_URL) pgDatabase = await createTestDatabase();
    [smtp, silent] = await Promise.all([startFakeSmtp(), silentMailServer()]);
  });
  afterAll(async () => {
    for (const started of running) if (started.child.exitCode === null) started.child.kill("SIGKILL");
    await Promise.all([smtp.close(), silent.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    await pgDatabase?.destroy();
  });

  it("is sent after a restart, exactly once", async () => {
    // The customer exists before the first start (so no demo data is loaded on an embedded database).
    const database: DatabaseHandle = pgDatabase ?? (await openDatabase({ kind: "pglite", dataDir }));
    await database.migrate();
    await insertUser(database.db, { email: EMAIL, password: "Crash-Pass-42" });
    if (!pgDatabase) await database.close();
    const target: Record<string, string> = pgDatabase?.url
      ? { DATABASE_URL: pgDatabase.url }
      : { DATA_DIR: dataDir };

    const first = run({ ...target, SMTP_URL: silent.url });
    running.push(first);
    const port = await readyPort(first);
    const res = await fetch(`http://127.0.0.1:${port}/api/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_URL },
      body: JSON.stringify({ email: EMAIL }),
    });
    expect(res.status).toBe(200);
    // The worker has committed the link and its mail, and is now waiting on the mail server.
    await waitFor("the send", () => silent.connections() > 0, first);
    first.child.kill("SIGKILL");
    await first.exited;

    const second = run({ ...target, SMTP_URL: smtp.url });
    running.push(second);
    const secondPort = await readyPort(second);
    const [mail] = await waitFor("the mail", () => smtp.received.length > 0 && smtp.received, second);
    expect(mail?.to).toEqual([EMAIL]);
    expect(mail?.raw).toContain("Subject: Reset your password");
    // The link it carries works: it is the one committed before the crash.
    const token = /reset-password\?token=3D([A-Za-z0-9_-]+)|reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      (mail?.raw ?? "").replace(/=\r?\n/g, ""),
    );
    const linkToken = token?.[1] ?? token?.[2];
    expect(linkToken).toBeTruthy();
    const check = await fetch(`http://127.0.0.1:${secondPort}/api/reset-password/check`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_URL },
      body: JSON.stringify({ token: linkToken }),
    });
    expect(check.status).toBe(200);

    // Longer than the lease and two turns of the worker's timer: still one mail.
    await new Promise((r) => setTimeout(r, 12_000));
    expect(smtp.received).toHaveLength(1);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 180_000);
});
