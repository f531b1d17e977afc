import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "../../../src/server/platform/adapters/mail/smtp-mailer";
import { type FakeSmtp, startFakeSmtp } from "../../fakes/smtp-server";

const message = { to: "someone@example.test", subject: "Hello", text: "Hi", html: "<p>Hi</p>" };

describe("the SMTP mailer", () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.close());

  it("delivers a message with the configured sender", async () => {
    smtp.mode = "accept";
    await smtpMailer(smtp.url, "Portal <portal@example.test>", 10_000).send(message);
    expect(smtp.received.at(-1)).toMatchObject({ from: "portal@example.test", to: ["someone@example.test"] });
  });

  it.each([
    "someone@example.test\r\nBcc: injected@evil.example",
    "someone@example.test, injected@evil.example",
    "Someone <injected@evil.example>",
  ])("refuses a recipient that is not one plain address, whatever was stored: %j", async (to) => {
    smtp.mode = "accept";
    const before = smtp.received.length;
    await expect(
      smtpMailer(smtp.url, "portal@example.test", 10_000).send({ ...message, to }),
    ).rejects.toThrow("not one plain email address");
    expect(smtp.received.slice(before)).toEqual([]);
  });

  it("fails when the server refuses the recipient", async () => {
    smtp.mode = "reject";
    await expect(smtpMailer(smtp.url, "portal@example.test", 10_000).send(message)).rejects.toThrow(/550/);
  });

  it("gives up on a server that never answers, within its timeout", async () => {
    smtp.mode = "stall";
    const started = Date.now();
    await expect(smtpMailer(smtp.url, "portal@example.test", 300).send(message)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
