/**
 * "New sign-in to your account": mailed when a sign-in comes from a browser that has never signed in
 * to the account before (it carries no device cookie naming the account, decision 019), so the owner
 * hears at once of a sign-in that was not theirs. The sign-in is also a `new_sign_in` notification
 * (decision 041): the alert is that entry's mail, sent at once rather than with the digest, and only
 * while the owner's security switch is on. Its "This wasn't me" link ends that session and mails a
 * reset link (decision 072); the entry names the session, so the bell can end it too.
 */

import type { FastifyReply, FastifyRequest } from "fastify";
import { languageOf } from "../../../shared/i18n/languages";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import type { SessionRow, UserRow } from "../../platform/db/schema";
import { askedLanguage } from "../../platform/i18n/asked-language";
import { deviceName } from "../../platform/i18n/device-name";
import type { MailQueue } from "../../platform/outbox/mail";
import { mailTopicOn, recordMailedNotification } from "../notifications";
import { issueEmailToken } from "./email-tokens";
import { newSignInMail } from "./emails";
import type { KnownDeviceCookie } from "./known-device";

export interface SignInAlertDeps {
  db: Database;
  config: Config;
  mail: MailQueue;
  devices: KnownDeviceCookie;
}

/**
 * Every sign-in's last step, whatever proved it (password, code, passkey, Google): the owner is mailed
 * when this browser had never signed in to the account, and the browser is remembered from now on.
 */
export async function rememberSignInBrowser(
  deps: SignInAlertDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  session: SessionRow,
  at = new Date(),
): Promise<void> {
  if (deps.devices.read(request)?.userId !== user.id) {
    const userAgent = request.headers["user-agent"] ?? null;
    // The notification keeps the device as it was recorded, in English; the mail says it in the
    // customer's language.
    const device = deviceName(userAgent, "en");
    const mailed = await deps.db.transaction(async (tx) => {
      const isNew = await recordMailedNotification(tx, {
        userId: user.id,
        kind: "new_sign_in",
        dedupeKey: `sign-in:session:${session.id}`,
        detail: { browser: device, session: session.id },
        link: "/settings",
      });
      if (!isNew || !(await mailTopicOn(tx, user.id, "security"))) return false;
      // The browser signing in speaks for the customer who chose no language.
      const asked = askedLanguage(request);
      const language = languageOf({ ...user, browserLanguage: asked ?? user.browserLanguage });
      const disown = await issueEmailToken(tx, "sign-in-disowned", user.id, { sessionId: session.id }, at);
      const mail = newSignInMail(language, user.email, {
        when: `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
        device: deviceName(userAgent, language),
        ip: request.ip,
        sessionsUrl: `${deps.config.appUrl}/settings`,
        disownUrl: `${deps.config.appUrl}/not-me?token=${encodeURIComponent(disown)}`,
      });
      await deps.mail.enqueue(tx, mail);
      return true;
    });
    if (mailed) deps.mail.kick();
  }
  deps.devices.remember(reply, user.id);
}
