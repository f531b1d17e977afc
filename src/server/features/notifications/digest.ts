/**
 * The notification mail (decision 041): a job per customer, queued with each new entry under one
 * supersede key and a short delay, so that a burst of changes (a sync that flips 40 accounts) makes
 * one job and then one mail. The job, in a transaction of its own, takes every entry of the customer
 * not yet mailed, marks them mailed, and queues one mail listing those whose topic the customer has
 * on; the entries stay listed in the portal whatever the switches say.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type NotificationKind, TOPIC_OF_KIND } from "../../../shared/api/notifications";
import { languageOf } from "../../../shared/i18n/languages";
import type { Database } from "../../platform/db/database";
import { notifications, users } from "../../platform/db/schema";
import type { MailQueue } from "../../platform/outbox/mail";
import { exponentialBackoff, type JobKind, markJobDone } from "../../platform/outbox/outbox";
import { notificationDigestMail } from "./notification-mail";
import { mailPreferencesOf } from "./preferences";

export const DIGEST_KIND = "notification-digest";
export const digestSupersedeKey = (userId: number) => `${DIGEST_KIND}:${userId}`;

interface DigestPayload {
  userId: number;
}

/** Marks the user's entries mailed and queues the mail; answers whether a mail was queued. */
export async function mailPendingNotifications(
  tx: Database,
  deps: { appUrl: string; mail: MailQueue },
  userId: number,
): Promise<boolean> {
  const pending = await tx
    .select({ id: notifications.id, kind: notifications.kind, detail: notifications.detail })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.mailedAt)))
    .orderBy(notifications.id)
    .for("update");
  if (pending.length === 0) return false;
  await tx
    .update(notifications)
    .set({ mailedAt: new Date() })
    .where(
      inArray(
        notifications.id,
        pending.map((row) => row.id),
      ),
    );
  const [user] = await tx
    .select({
      email: users.email,
      closedAt: users.closedAt,
      language: users.language,
      browserLanguage: users.browserLanguage,
    })
    .from(users)
    .where(eq(users.id, userId));
  // A closed login gets no mail (decision 034); its entries count as dealt with.
  if (!user || user.closedAt !== null) return false;
  const { mail: topics } = await mailPreferencesOf(tx, userId);
  const mailed = pending.flatMap((row) => {
    const topic = TOPIC_OF_KIND[row.kind as NotificationKind];
    return topic && topics[topic] ? [{ kind: row.kind as NotificationKind, detail: row.detail }] : [];
  });
  if (mailed.length === 0) return false;
  await deps.mail.enqueue(tx, notificationDigestMail(languageOf(user), user.email, deps.appUrl, mailed));
  return true;
}

export function notificationDigestKind(deps: { db: Database; appUrl: string; mail: MailQueue }): JobKind {
  return {
    kind: DIGEST_KIND,
    maxAttempts: 8,
    retryDelayMs: exponentialBackoff(15_000, 10 * 60_000),
    forgetPayloadWhenDone: false,
    async deliver(jobs) {
      const outcomes = new Map<number, string | null>();
      let queued = false;
      for (const job of jobs) {
        const userId = (job.payload as Partial<DigestPayload> | null)?.userId;
        if (typeof userId !== "number") {
          outcomes.set(job.id, "the job names no customer");
          continue;
        }
        try {
          await deps.db.transaction(async (tx) => {
            if (await mailPendingNotifications(tx, deps, userId)) queued = true;
            await markJobDone(tx, job.id);
          });
          outcomes.set(job.id, null);
        } catch (err) {
          outcomes.set(job.id, err instanceof Error ? err.message : String(err));
        }
      }
      if (queued) deps.mail.kick();
      return outcomes;
    },
  };
}
