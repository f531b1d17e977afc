/** Mail over SMTP (`SMTP_URL`), with a timeout on connecting, greeting and every socket wait. */
import nodemailer from "nodemailer";
import type { Mailer } from "./port";

export function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
