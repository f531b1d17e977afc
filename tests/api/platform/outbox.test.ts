/**
 * The durable outbox (decision 025): two workers on one database never deliver one job twice, a mail
 * the SMTP server refuses is retried with back-off and then given up as dead, an admin sees the jobs
 * that keep failing (never their text) and can retry one, which the audit log records, and closing
 * the app waits for a delivery under way.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../../../src/server/platform/adapters/mail/port";
import { auditEvents, outboxJobs } from "../../../src/server/platform/db/schema";
import { MAIL_MAX_ATTEMPTS, mailKind, mailQueue } from "../../../src/server/platform/outbox/mail";
import { createOutbox } from "../../../src/server/platform/outbox/outbox";
import { createSecretBox } from "../../../src/server/platform/secrets/secret-box";
import { failingJobsSchema } from "../../../src/shared/api/outbox";
import { type FakeSmtp, startFakeSmtp } from "../../fakes/smtp-server";
import { createTestApp, silentLog, type TestApp } from "../../support/test-app";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertUser, type SignedInUser, signedInUser } from "../../support/users";

const message = (n: number): MailMessage => ({
  to: `person-${n}@example.test`,
  subject: `Mail ${n}`,
  text: `Body ${n}`,
  html: `<p>Body ${n}</p>`,
});

describe("two workers on one database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("deliver every job exactly once between them", async () => {
    const box = createSecretBox([Buffer.alloc(32, 9)]);
    const sent: string[] = [];
    const slowMailer: Mailer = {
      kind: "smtp",
      async send(mail) {
        // Slow enough that both workers are claiming while the other delivers.
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(mail.to);
      },
    };
    const workers = [createOutbox(database.db, silentLog), createOutbox(database.db, silentLog)];
    for (const worker of workers) worker.register(mailKind(slowMailer, box));
    const queue = mailQueue(workers[0] ?? createOutbox(database.db, silentLog), box);
    const JOBS = 120;
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < JOBS; n++) await queue.enqueue(tx, message(n));
    });

    const delivered = await Promise.all(workers.map((worker) => worker.deliverDue()));
    await Promise.all(workers.map((worker) => worker.drain()));

    expect(sent).toHaveLength(JOBS);
    expect(new Set(sent).size).toBe(JOBS);
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(JOBS);
    // Both took part: the jobs were shared out, not all taken by the first.
    expect(Math.min(...delivered)).toBeGreaterThan(0);
    const rows = await database.db.select().from(outboxJobs);
    expect(rows.every((row) => row.doneAt !== null && row.attempts === 1 && row.payload === null)).toBe(true);
    await Promise.all(workers.map((worker) => worker.close()));
  });
});

describe("a worker whose lease lapsed", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("sends no mail that another worker has taken since, and each mail goes once even when a slow batch outlives its lease and another worker takes the rest", async () => {
    const box = createSecretBox([Buffer.alloc(32, 9)]);
    const sent: string[] = [];
    const slow: Mailer = {
      kind: "smtp",
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        sent.push(mail.to);
      },
    };
    const fast: Mailer = {
      kind: "smtp",
      async send(mail) {
        sent.push(mail.to);
      },
    };
    // The first worker's lease (1 s) lapses while it is still on its batch of six (2.4 s).
    const first = createOutbox(database.db, silentLog, { leaseSeconds: 1 });
    first.register(mailKind(slow, box));
    const second = createOutbox(database.db, silentLog);
    second.register(mailKind(fast, box));
    const queue = mailQueue(first, box);
    const JOBS = 6;
    await database.db.transaction(async (tx) => {
      for (let n = 100; n < 100 + JOBS; n++) await queue.enqueue(tx, message(n));
    });

    const firstRun = first.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const bySecond = await second.deliverDue();
    const byFirst = await firstRun;

    expect(sent.toSorted()).toEqual(
      Array.from({ length: JOBS }, (_, i) => `person-${100 + i}@example.test`).toSorted(),
    );
    expect(byFirst + bySecond).toBe(JOBS);
    expect(bySecond).toBeGreaterThan(0);
  });
});

describe("mail through the outbox", () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let admin: SignedInUser;
  let customer: SignedInUser;
  const get = (url: string, cookie?: string) => t.get(url, cookie);
  const post = (url: string, cookie?: string) => t.post(url, {}, { headers: cookie ? { cookie } : {} });
  const mailJobs = () =>
    t.database.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, "mail"), isNull(outboxJobs.doneAt)));
  /** Makes every waiting job due now, as if its back-off had passed. */
  const timePasses = () =>
    t.database.db.update(outboxJobs).set({ nextAttemptAt: new Date(Date.now() - 1000) });

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "portal@example.test" } });
    admin = await signedInUser(t.database.db, t.config, { role: "admin" });
    customer = await signedInUser(t.database.db, t.config);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("retries a refused reset mail with back-off, then delivers it once, its text gone from the database", async () => {
    await insertUser(t.database.db, { email: "retry@example.test", password: "Retry-Pass-42" });
    smtp.injectFault({ kind: "reject", times: 2 });
    expect((await t.post("/api/forgot-password", { email: "retry@example.test" })).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(smtp.received).toHaveLength(0);
    let [job] = await mailJobs();
    expect(job).toMatchObject({ attempts: 1, deadAt: null });
    expect(job?.lastError).toMatch(/550/);
    // The first retry waits 15 s, not less.
    expect(job?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    // Stored sealed: neither the address nor the link can be read from the row.
    expect(JSON.stringify(job?.payload)).not.toMatch(/retry@example|token|reset-password/);

    await t.app.outbox.drain(); // not due yet: nothing happens
    expect((await mailJobs())[0]?.attempts).toBe(1);

    await timePasses();
    await t.app.outbox.drain();
    [job] = await mailJobs();
    expect(job?.attempts).toBe(2);
    // The second retry waits twice as long as the first.
    expect(job?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 25_000);

    await timePasses();
    await t.app.outbox.drain();
    expect(await mailJobs()).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["retry@example.test"]);
    expect(smtp.received[0]?.raw).toContain("Subject: Reset your password");
    const [done] = await t.database.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, "mail"))
      .orderBy(outboxJobs.id);
    expect(done).toMatchObject({ attempts: 3, payload: null, lastError: null });
    await timePasses();
    await t.app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
  });

  it("gives a mail up as dead after its attempts, shows it to admins only, and sends it on Retry now", async () => {
    await insertUser(t.database.db, { email: "dead@example.test", password: "Dead-Pass-42" });
    smtp.mode = "reject";
    expect((await t.post("/api/forgot-password", { email: "dead@example.test" })).statusCode).toBe(200);
    for (let attempt = 0; attempt < MAIL_MAX_ATTEMPTS + 2; attempt++) {
      await t.app.outbox.drain();
      await timePasses();
    }
    const [job] = await mailJobs();
    expect(job).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS });
    expect(job?.deadAt).not.toBeNull();

    expect((await get("/api/admin/outbox")).statusCode).toBe(401);
    expect((await get("/api/admin/outbox", customer.cookie)).statusCode).toBe(403);
    const retryAudits = () =>
      t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.kind, "outbox-retried"), eq(auditEvents.targetId, job?.id ?? 0)));
    expect((await post(`/api/admin/outbox/${job?.id}/retry`)).statusCode).toBe(401);
    expect((await post(`/api/admin/outbox/${job?.id}/retry`, customer.cookie)).statusCode).toBe(403);
    expect(await retryAudits()).toEqual([]);

    const list = await get("/api/admin/outbox", admin.cookie);
    expect(list.statusCode).toBe(200);
    const { jobs } = failingJobsSchema.parse(list.json());
    expect(jobs).toContainEqual(
      expect.objectContaining({
        id: job?.id,
        kind: "mail",
        state: "dead",
        attempts: MAIL_MAX_ATTEMPTS,
        nextAttemptAt: null,
      }),
    );
    expect(jobs.find((j) => j.id === job?.id)?.lastError).toMatch(/550/);
    // Never the mail, its address or its link.
    expect(list.body).not.toMatch(/dead@example|token|reset-password|sealed|Reset your password/);

    smtp.mode = "accept";
    const retried = await post(`/api/admin/outbox/${job?.id}/retry`, admin.cookie);
    expect(retried.statusCode).toBe(200);
    // Who retried which job, and how it stood: never the mail's address or text.
    const audits = await retryAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: admin.user.id, subjectUserId: null, target: "mail" });
    expect(audits[0]?.detail).toMatch(new RegExp(`^Dead after ${MAIL_MAX_ATTEMPTS} attempts: .*550`));
    expect(audits[0]?.detail).not.toMatch(/dead@example|reset-password/);
    await t.app.outbox.drain();
    expect(smtp.received.filter((m) => m.to.includes("dead@example.test"))).toHaveLength(1);
    const after = failingJobsSchema.parse((await get("/api/admin/outbox", admin.cookie)).json());
    expect(after.jobs.map((j) => j.id)).not.toContain(job?.id);
    // Done now: nothing is left to retry, and nothing more is recorded.
    expect((await post(`/api/admin/outbox/${job?.id}/retry`, admin.cookie)).statusCode).toBe(404);
    expect(await retryAudits()).toHaveLength(1);
    expect((await post("/api/admin/outbox/999999/retry", admin.cookie)).statusCode).toBe(404);
    expect((await post("/api/admin/outbox/nope/retry", admin.cookie)).statusCode).toBe(400);
  });

  it("lists a job still retried from its third attempt, with its next attempt", async () => {
    await insertUser(t.database.db, { email: "third@example.test", password: "Third-Pass-42" });
    smtp.mode = "reject";
    await t.post("/api/forgot-password", { email: "third@example.test" });
    const ids = async () =>
      failingJobsSchema.parse((await get("/api/admin/outbox", admin.cookie)).json()).jobs.map((j) => j.id);
    await t.app.outbox.drain();
    await timePasses();
    await t.app.outbox.drain();
    const [job] = await mailJobs();
    expect(job?.attempts).toBe(2);
    expect(await ids()).not.toContain(job?.id);
    await timePasses();
    await t.app.outbox.drain();
    const listed = failingJobsSchema
      .parse((await get("/api/admin/outbox", admin.cookie)).json())
      .jobs.find((j) => j.id === job?.id);
    expect(listed).toMatchObject({ state: "retrying", attempts: 3 });
    expect(Date.parse(listed?.nextAttemptAt ?? "")).toBeGreaterThan(Date.now());
    smtp.mode = "accept";
  });
});

describe("closing the app", () => {
  it("stops the worker and waits for the delivery under way", async () => {
    let release = () => {};
    const sent: MailMessage[] = [];
    let finished = 0;
    const heldMailer: Mailer = {
      kind: "smtp",
      async send(mail) {
        sent.push(mail);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        finished += 1;
      },
    };
    const database = await createTestDatabase();
    try {
      const t = await createTestApp({ database, mailer: heldMailer });
      await insertUser(database.db, { email: "closing@example.test", password: "Closing-Pass-42" });
      await t.post("/api/forgot-password", { email: "closing@example.test" });
      await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
      let closed = false;
      const closing = t.app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      release();
      await closing;
      expect(finished).toBe(1);
      const [job] = await database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, "mail"));
      expect(job?.doneAt).not.toBeNull();
      // A stopped worker is not woken again.
      t.app.outbox.kick();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sent).toHaveLength(1);
    } finally {
      await database.destroy();
    }
  });
});
