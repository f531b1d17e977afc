import type { FastifyBaseLogger } from "fastify";
import type { Mailer, MailMessage } from "../../adapters/mail/port";

/**
 * Sends a mail that must not change the answer (a failure would reveal whether an account exists, or
 * fail an action that already happened): a failed delivery is logged instead.
 */
export async function sendQuietly(
  deps: { mailer: Mailer; log: FastifyBaseLogger },
  message: MailMessage,
): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err: err instanceof Error ? err.message : String(err) }, "could not send mail");
  }
}
