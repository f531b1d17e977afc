/**
 * Notifications (decision 040): what changed for a customer, in the bell, on the list page and, per
 * their preferences, by mail. An entry carries its kind and the values its text is built from; the
 * client words it, so the words follow the reader's language.
 */
import { z } from "zod";
import { singleLineText } from "./text";

export const NOTIFICATION_KINDS = [
  "account_status_changed",
  "account_delivered",
  "optimization_status_changed",
  "request_status_changed",
  "payment_failed",
  "payment_refunded",
  "new_sign_in",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The switches in Settings: each kind of notification belongs to one mail topic. */
export const MAIL_TOPICS = ["accounts", "optimizations", "requests", "payments", "security"] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];
export const TOPIC_OF_KIND: Record<NotificationKind, MailTopic> = {
  account_status_changed: "accounts",
  account_delivered: "accounts",
  optimization_status_changed: "optimizations",
  request_status_changed: "requests",
  payment_failed: "payments",
  payment_refunded: "payments",
  new_sign_in: "security",
};
/** Payments and security are mailed unless switched off; the rest only when switched on. */
export const DEFAULT_MAIL_TOPICS: Record<MailTopic, boolean> = {
  accounts: false,
  optimizations: false,
  requests: false,
  payments: true,
  security: true,
};

export const NOTIFICATION_PAGE_DEFAULT = 30;
export const NOTIFICATION_PAGE_MAX = 100;

/** `GET /api/notifications` */
export const notificationListQuerySchema = z.object({
  unread: z.enum(["yes", "no"], { error: "unread must be yes or no" }).optional(),
  cursor: singleLineText().max(200).optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(NOTIFICATION_PAGE_MAX, `limit must be at most ${NOTIFICATION_PAGE_MAX}`)
    .default(NOTIFICATION_PAGE_DEFAULT),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * The values the text is built from, by kind: `account` (its name) with `from` and `to` statuses;
   * `optimization` with `from` and `to`; `account` and `to` (a request status) with `replacement`;
   * `amount` (cents), `currency`, `product`; `browser`, `place`.
   */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** Where the entry leads in the portal. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `GET /api/notifications/unread-count`: what the bell shows. */
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

/** `POST /api/notifications/read`: some entries, or all of them. */
export const markReadBodySchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(NOTIFICATION_PAGE_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** `GET` and `PUT /api/notifications/preferences` */
export const notificationPreferencesSchema = z
  .object({
    mail: z
      .object(Object.fromEntries(MAIL_TOPICS.map((t) => [t, z.boolean()])) as Record<MailTopic, z.ZodBoolean>)
      .strict(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
