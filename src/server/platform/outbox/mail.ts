/**
 * Mail through the outbox: the message is rendered when the change that causes it commits, and
 * stored sealed with the secret box (it may hold a one-time link, which a reader of the database must
 * not be able to follow); the payload is emptied once the mail is sent (decision 025).
 */
import type { Mailer, MailMessage } from "../adapters/mail/port";
import type { Database } from "../db/database";
import type { SecretBox } from "../secrets/secret-box";
import { exponentialBackoff, type JobKind, type Outbox } from "./outbox";

export const MAIL_KIND = "mail";
/** 15 s, 30 s, 1 min, 2 min, 4 min: dead after about 8 minutes, well within a link's 30. */
export const MAIL_MAX_ATTEMPTS = 6;
const mailRetryDelay = exponentialBackoff(15_000, 10 * 60_000);

interface SealedPayload {
  sealed: string;
}

export interface MailQueue {
  /** Queues a rendered mail inside the caller's transaction; call `kick()` once it has committed. */
  enqueue(tx: Database, message: MailMessage): Promise<number>;
  kick(): void;
}

export function mailQueue(outbox: Outbox, secretBox: SecretBox): MailQueue {
  return {
    enqueue: (tx, message) =>
      outbox.enqueue(tx, {
        kind: MAIL_KIND,
        payload: sealPayload(secretBox, message),
      }),
    kick: () => outbox.kick(),
  };
}

/** Opens a sealed payload (a mail's, or any other kind that seals its own). */
export function openSealed<T>(secretBox: SecretBox, payload: unknown): T {
  const sealed = (payload as Partial<SealedPayload> | null)?.sealed;
  if (typeof sealed !== "string") throw new Error("the job has no payload");
  return JSON.parse(secretBox.open(sealed)) as T;
}

export function sealPayload(secretBox: SecretBox, value: unknown): SealedPayload {
  return { sealed: secretBox.seal(JSON.stringify(value)) };
}

export function mailKind(mailer: Mailer, secretBox: SecretBox): JobKind {
  return {
    kind: MAIL_KIND,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    retryDelayMs: mailRetryDelay,
    forgetPayloadWhenDone: true,
    oneByOne: true,
    async deliver(jobs) {
      const outcomes = new Map<number, string | null>();
      for (const job of jobs) {
        try {
          await mailer.send(openSealed<MailMessage>(secretBox, job.payload));
          outcomes.set(job.id, null);
        } catch (err) {
          outcomes.set(job.id, err instanceof Error ? err.message : String(err));
        }
      }
      return outcomes;
    },
  };
}
