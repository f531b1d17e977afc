/**
 * The customer's notifications (decision 041): the list, the bell's unread count, marking read, and
 * which kinds also come by mail. Each route serves the signed-in user's own entries only; an
 * administrator viewing as a customer reads them but changes nothing (decision 036).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  markReadBodySchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from "../../../shared/api/notifications";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { requireUser } from "../../platform/http/require-user";
import { errorBody, notModifiedResponse, stepUpResponse } from "../../platform/http/responses";
import {
  answeredNotModified,
  createVersionedPages,
  listVersionOf,
  sendCachedPage,
} from "../../platform/kept-reads";
import { decodeNotificationCursor, markRead, notificationPage, unreadCountOf } from "./notification-queries";
import { mailPreferencesOf, storeMailPreferences } from "./preferences";

const notificationsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Pick<Config, "stepUpMs"> }> = async (
  app,
  { db, config },
) => {
  // Pages of each customer's list by its version (decision 043), and the unread count every page
  // and the bell show, counted once per version: the bell asks often and the list rarely changes.
  const notificationPages = createVersionedPages("ntf1");
  const unreadCountAt = (userId: number, version: number) =>
    notificationPages.shared(userId, version, "unread", () => unreadCountOf(db, userId));

  app.get(
    "/api/notifications",
    {
      config: { access: "user" },
      schema: {
        summary: "The signed-in customer's notifications",
        description:
          "What changed for the caller (an account's status, a delivered account, an optimization or replacement request that moved on, a failed or refunded payment, a sign-in from a new browser), newest first, a page at a time: `limit` entries (30 unless asked, at most 100) after `cursor` (the `nextCursor` of the page before); `unread=yes` only the unread ones, `unread=no` only the read ones. `unreadCount` counts all the caller's unread entries, whatever the filter. Sent with an ETag: an unchanged page answers 304.",
        querystring: notificationListQuerySchema,
        response: {
          200: notificationListSchema.describe("A page of the caller's entries, newest first."),
          304: notModifiedResponse,
          400: errorBody(
            "The query is malformed (`field: message`): `unread` is not `yes` or `no`, the limit is outside 1 to 100, or the cursor is not one this list gave.",
          ),
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { cursor, limit, unread } = request.query;
      const before = cursor === undefined ? undefined : decodeNotificationCursor(cursor);
      const key = JSON.stringify([cursor ?? "", limit, unread ?? ""]);
      // The version first: what is read after it is at least as new, so a page is never older than its tag.
      const version = await listVersionOf(request, db, "notifications", me.id);
      if (answeredNotModified(request, reply, notificationPages.etagOf(version, key))) return reply;
      const cached = notificationPages.get(me.id, version, key);
      if (cached) return sendCachedPage(request, reply, cached);
      const page = await notificationPage(
        db,
        me.id,
        { before, limit, unread },
        unreadCountAt(me.id, version),
      );
      return sendCachedPage(request, reply, notificationPages.put(me.id, version, key, JSON.stringify(page)));
    },
  );

  app.get(
    "/api/notifications/unread-count",
    {
      config: { access: "user" },
      schema: {
        summary: "How many of the signed-in customer's notifications are unread",
        description: "What the bell in the header shows.",
        response: { 200: unreadCountSchema },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header("cache-control", "no-store");
      const version = await listVersionOf(request, db, "notifications", me.id);
      return { unreadCount: await unreadCountAt(me.id, version) };
    },
  );

  app.post(
    "/api/notifications/read",
    {
      config: { access: "user" },
      schema: {
        summary: "Mark notifications read",
        description:
          "`{ ids }` marks those of the caller's entries read (up to 100); `{ all: true }` marks every one of them. An id that is not one of the caller's entries changes nothing and is not reported. Answers the caller's unread count afterwards.",
        body: markReadBodySchema,
        response: {
          200: unreadCountSchema,
          400: errorBody(
            "The body is neither `{ ids: [positive whole numbers, 1 to 100 of them] }` nor `{ all: true }`.",
          ),
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      return { unreadCount: await markRead(db, me.id, request.body) };
    },
  );

  app.get(
    "/api/notifications/preferences",
    {
      config: { access: "user" },
      schema: {
        summary: "Which notifications the signed-in customer also gets by mail",
        description:
          "One switch per mail topic (`accounts`, `optimizations`, `requests`, `payments`, `security`). Unless the customer changed them, payments and security are on and the others off. Every notification is listed in the portal whatever the switches say.",
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header("cache-control", "no-store");
      return mailPreferencesOf(db, me.id);
    },
  );

  app.put(
    "/api/notifications/preferences",
    {
      config: { access: "user" },
      schema: {
        summary: "Choose which notifications come by mail",
        description:
          "Stores the whole map: every topic must be given, `true` or `false`. Mails not yet sent follow the new choice. Answers what is stored. Turning security mail off needs a fresh proof: a stolen session must not silence the owner's alarms first.",
        body: notificationPreferencesSchema,
        response: {
          200: notificationPreferencesSchema,
          403: stepUpResponse,
          400: errorBody("The body is not a `mail` map with each topic `true` or `false` and no other key."),
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const turnsSecurityOff =
        !request.body.mail.security && (await mailPreferencesOf(db, me.id)).mail.security;
      if (turnsSecurityOff) requireFreshProof(request, config);
      await storeMailPreferences(db, me.id, request.body);
      return mailPreferencesOf(db, me.id);
    },
  );
};

export default notificationsRoutes;
