/**
 * Mail is sent after the answer: an answer about a known email must not wait for (or be slowed by)
 * the look-up and the mail that an unknown email never gets. Both commit the same request job; the
 * outbox's worker does the rest.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../../../src/server/platform/adapters/mail/port";
import { outboxJobs } from "../../../src/server/platform/db/schema";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

/** A mail server that takes every message and answers only when told to. */
function heldMailer() {
  const sent: MailMessage[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mailer: Mailer = {
    kind: "smtp",
    async send(message) {
      sent.push(message);
      await released;
    },
  };
  return { mailer, sent, release };
}

describe("mail after the answer", () => {
  const held = heldMailer();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: held.mailer });
    await insertUser(t.database.db, {
      email: "known@example.test",
      password: "Known-Pass-42",
    });
    await insertUser(t.database.db, { email: "imported@example.test", passwordHash: null });
  });
  afterAll(async () => {
    held.release();
    await t.close();
  });

  it("answers a known email while its mail is still being sent, exactly as an unknown one", async () => {
    const requests = [
      ["/api/forgot-password", { email: "known@example.test" }],
      ["/api/forgot-password", { email: "unknown@example.test" }],
      ["/api/register-existing-user", { email: "imported@example.test", password: "Claim-Pass-42" }],
      ["/api/register-existing-user", { email: "unknown@example.test", password: "Claim-Pass-42" }],
    ] as const;
    const answers = [];
    for (const [url, body] of requests) {
      const res = await t.post(url, body);
      expect(res.statusCode, url).toBe(200);
      answers.push(res.json());
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[2]).toEqual(answers[3]);
    // The answers came back while the mail server still holds both messages; the worker reaches
    // them a moment after the answers: waited for, not timed.
    await expect.poll(() => held.sent.length, { timeout: 10_000 }).toBe(2);
    expect(held.sent.map((m) => m.to).sort()).toEqual(["imported@example.test", "known@example.test"]);
    // Each of the four requests committed one job, known email or not.
    const jobs = await t.database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, "mail-request"));
    expect(jobs).toHaveLength(4);

    held.release();
    await t.app.outbox.drain();
    expect(held.sent).toHaveLength(2);
    // Sent mail leaves nothing readable behind: the payload is emptied once sent.
    const mails = await t.database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, "mail"));
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail).toMatchObject({ payload: null, attempts: 1, lastError: null });
    expect(mails.every((mail) => mail.doneAt !== null)).toBe(true);
  });
});
