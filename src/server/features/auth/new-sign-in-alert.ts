/**
 * "New sign-in to your account": mailed when a sign-in comes from a browser that has never signed in
 * to the account before (it carries no device cookie naming the account, decision 019), so the owner
 * hears at once of a sign-in that was not theirs.
 */
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { describeUserAgent } from "../../../shared/user-agent";
import type { Mailer } from "../../adapters/mail/port";
import type { Config } from "../../config";
import type { UserRow } from "../../db/schema";
import { newSignInMail } from "./emails";

export function newSignInAlertWork(
  deps: { config: Config; mailer: Mailer; log: FastifyBaseLogger },
  user: UserRow,
  request: FastifyRequest,
  at = new Date(),
): () => Promise<void> {
  const { browser, os } = describeUserAgent(request.headers["user-agent"] ?? null);
  return async () => {
    try {
      await deps.mailer.send(
        newSignInMail(user.email, {
          when: `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
          device: `${browser} on ${os}`,
          ip: request.ip,
          sessionsUrl: `${deps.config.appUrl}/settings`,
        }),
      );
    } catch (err) {
      deps.log.error({ err: err instanceof Error ? err.message : String(err) }, "could not send mail");
    }
  };
}
