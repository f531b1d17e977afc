/** Mail over SMTP (`SMTP_URL`), with a timeout on connecting, greeting and every socket wait. */
import type { Transporter } from "nodemailer";
import type { Mailer } from "./port";
import { checkedRecipient } from "./recipient";

export function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  // nodemailer loads with the first mail rather than with the server, which starts faster without it.
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      }),
    ));
  return {
    kind: "smtp",
    async send(message) {
      const to = checkedRecipient(message.to);
      await (await transportOnce()).sendMail({ from, ...message, to });
    },
  };
}
