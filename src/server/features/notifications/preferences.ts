/**
 * Which mail topics a customer has on: the defaults (payments and security) overridden by their
 * stored choices. The routes read and store them; the digest mail follows them.
 */
import { eq } from "drizzle-orm";
import {
  DEFAULT_MAIL_TOPICS,
  MAIL_TOPICS,
  type MailTopic,
  type NotificationPreferences,
} from "../../../shared/api/notifications";
import type { Database } from "../../platform/db/database";
import { notificationPreferences } from "../../platform/db/schema";

/** The defaults with a stored map laid over them; anything stored that is no topic is ignored. */
export function mailTopicsFrom(stored: Record<string, boolean> | undefined): Record<MailTopic, boolean> {
  const topics = { ...DEFAULT_MAIL_TOPICS };
  for (const topic of MAIL_TOPICS) {
    const value = stored?.[topic];
    if (typeof value === "boolean") topics[topic] = value;
  }
  return topics;
}

export async function mailPreferencesOf(db: Database, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ mail: notificationPreferences.mail })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { mail: mailTopicsFrom(row?.mail) };
}

/** Stores the whole map: a topic is on or off from now on, whatever its default. */
export async function storeMailPreferences(
  db: Database,
  userId: number,
  preferences: NotificationPreferences,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, mail: preferences.mail, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { mail: preferences.mail, updatedAt: new Date() },
    });
}

/** Whether the user gets mail of this topic (their choice, else the default). */
export async function mailTopicOn(db: Database, userId: number, topic: MailTopic): Promise<boolean> {
  return (await mailPreferencesOf(db, userId)).mail[topic];
}
