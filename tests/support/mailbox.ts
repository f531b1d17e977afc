import type { FastifyInstance } from "fastify";

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/**
 * The development mailbox, newest first, read the way a test in a browser would, once the outbox has
 * sent the mail that is due (routes commit mail as jobs; the worker sends it after the answer).
 */
export async function readMailbox(app: FastifyInstance): Promise<DevMail[]> {
  await app.outbox.drain();
  const res = await app.inject({ method: "GET", url: "/api/dev/mailbox" });
  if (res.statusCode !== 200) throw new Error(`mailbox answered ${res.statusCode}`);
  return res.json();
}

/** The token of the first link in a mail's text that points at `path`. */
export function linkToken(mail: DevMail, path: string): string {
  const match = new RegExp(`${path.replaceAll("/", "\\/")}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

export async function latestMail(app: FastifyInstance): Promise<DevMail> {
  const [mail] = await readMailbox(app);
  if (!mail) throw new Error("the mailbox is empty");
  return mail;
}
