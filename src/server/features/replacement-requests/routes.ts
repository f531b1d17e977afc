/**
 * Replacement requests (decision 040, R18): a customer reports an account that went wrong, follows
 * what the operator does about it, and may withdraw a request the operator has not taken up yet.
 * Each request and each withdrawal is written to the operator's base through the outbox, in the
 * transaction of the change; the operator's answers come back with the sync.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { accountLabel } from "../../../shared/account-label";
import {
  createReplacementRequestBodySchema,
  REPORTABLE_ACCOUNT_STATUSES,
  replacementRequestListQuerySchema,
  replacementRequestListSchema,
  replacementRequestSchema,
} from "../../../shared/api/replacement-requests";
import type { Database } from "../../platform/db/database";
import { violatedUniqueConstraint } from "../../platform/db/errors";
import { replacementRequests as requests } from "../../platform/db/schema";
import { badRequest, conflict, HttpError, notFound } from "../../platform/http/errors";
import { requireUser } from "../../platform/http/require-user";
import { errorBody } from "../../platform/http/responses";
import { recordAuditEvent } from "../audit";
import type { RequestWriteBack } from "./request-write-back";
import { findOwnAccount, findRequest, hasOpenRequest, listRequests } from "./requests-queries";

const requestIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be a request id")
    .transform(Number),
});

const ACCOUNT_NOT_FOUND = /*i18n*/ { id: "error.account.not-found", message: "Account not found" };
const REQUEST_NOT_FOUND = /*i18n*/ { id: "error.request.not-found", message: "Request not found" };
const ALREADY_OPEN = /*i18n*/ {
  id: "error.request.already-open",
  message: "This account already has an open request",
};
const NOTE_NEEDED = /*i18n*/ {
  id: "error.request.note-needed",
  message: "Tell us what is wrong with this account",
};
const NOT_WITHDRAWABLE = /*i18n*/ {
  id: "error.request.not-withdrawable",
  message: "Only a request that is still submitted can be withdrawn",
};

const isReportable = (status: string) =>
  REPORTABLE_ACCOUNT_STATUSES.some((reportable) => reportable.toLowerCase() === status.trim().toLowerCase());

const replacementRequestsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  writeBack: RequestWriteBack;
}> = async (app, { db, writeBack }) => {
  app.get(
    "/api/replacement-requests",
    {
      config: { access: "user" },
      schema: {
        summary: "The signed-in customer's replacement requests",
        description:
          "The customer's own requests, newest first, a page at a time: `nextCursor` asks for the next. `status` filters by one status, or `open` (submitted or in progress) or `closed` (every other); `accountId` by the account reported. Each request says whether the operator's base has it yet (`delivered`), the operator's note, and the account that replaced it when the customer has it in the portal.",
        querystring: replacementRequestListQuerySchema,
        response: {
          200: replacementRequestListSchema.describe("One page of the customer's requests."),
          400: errorBody(
            "A filter is not a request status, `open` or `closed`, the account id or limit is out of range, or the cursor is not one this list gave.",
          ),
        },
      },
    },
    async (request) => listRequests(db, requireUser(request).id, request.query),
  );

  app.post(
    "/api/replacement-requests",
    {
      config: { access: "user" },
      schema: {
        summary: "Report a problem with an account",
        description: `Opens a request for one of the customer's accounts: what is wrong (\`kind\`), a note, and whether they want a replacement or a fix. An account whose status is ${REPORTABLE_ACCOUNT_STATUSES.map((s) => `"${s}"`).join(" or ")} may be reported without a note; any other needs one. One open request per account. The request is written to the operator's base in the background (\`delivered\` turns true once it is there).`,
        body: createReplacementRequestBodySchema,
        response: {
          201: replacementRequestSchema.describe("The request, submitted."),
          400: errorBody(
            "A field fails its schema (an unknown kind or wish, a control character, a note over 1,000 characters, a field that does not exist), or the note is empty for an account whose status is not one that may be reported without one.",
          ),
          404: errorBody("The customer has no account with this id."),
          409: errorBody("The account already has an open request (submitted or in progress)."),
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { accountId, kind, wish, note } = request.body;
      const account = await findOwnAccount(db, me.id, accountId);
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      const trimmedNote = note.trim();
      if (!isReportable(account.status) && trimmedNote === "") throw badRequest(NOTE_NEEDED);
      if (await hasOpenRequest(db, account.airtableRecordId)) throw conflict(ALREADY_OPEN);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(requests)
            .values({
              userId: me.id,
              accountId: account.id,
              accountRecordId: account.airtableRecordId,
              accountLabel: accountLabel(account),
              kind,
              wish,
              note: trimmedNote,
            })
            .returning({ id: requests.id });
          if (!created) throw new Error("request insert returned nothing");
          await writeBack.enqueue(tx, created.id);
          await recordAuditEvent(tx, {
            kind: "replacement-requested",
            actorUserId: me.id,
            subjectUserId: me.id,
            target: accountLabel(account),
            targetId: created.id,
            detail: `${kind}, ${wish}`,
            ipAddress: request.ip,
          });
          return created.id;
        });
      } catch (err) {
        // Two requests for one account at once: the unique index on open requests lets one in.
        if (violatedUniqueConstraint(err) === "replacement_requests_open_per_account_key") {
          throw conflict(ALREADY_OPEN);
        }
        throw err;
      }
      writeBack.kick();
      const created = await findRequest(db, me.id, id);
      if (!created)
        throw new HttpError(
          500,
          /*i18n*/ {
            id: "error.request.not-stored",
            message: "The request was not stored",
          },
        );
      return reply.code(201).send(created);
    },
  );

  app.post(
    "/api/replacement-requests/:id/withdraw",
    {
      config: { access: "user" },
      schema: {
        summary: "Withdraw a replacement request",
        description:
          "Withdraws one of the customer's requests while it is still submitted (the operator has not taken it up). The withdrawal is written to the operator's base in the background.",
        params: requestIdParams,
        response: {
          200: replacementRequestSchema.describe("The request, withdrawn."),
          400: errorBody("The id is not a request id."),
          404: errorBody("The customer has no request with this id."),
          409: errorBody("The request is no longer submitted: the operator has taken it up or closed it."),
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      const existing = await findRequest(db, me.id, id);
      if (!existing) throw notFound(REQUEST_NOT_FOUND);
      const withdrawn = await db.transaction(async (tx) => {
        // Only from submitted, decided by the row itself: a sync that moved it on since wins.
        const [row] = await tx
          .update(requests)
          .set({ status: "withdrawn", statusChangedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(requests.id, id), eq(requests.userId, me.id), eq(requests.status, "submitted")))
          .returning({ id: requests.id });
        if (!row) return false;
        await writeBack.enqueue(tx, id);
        await recordAuditEvent(tx, {
          kind: "replacement-request-withdrawn",
          actorUserId: me.id,
          subjectUserId: me.id,
          target: existing.accountLabel,
          targetId: id,
          ipAddress: request.ip,
        });
        return true;
      });
      if (!withdrawn) throw conflict(NOT_WITHDRAWABLE);
      writeBack.kick();
      const answer = await findRequest(db, me.id, id);
      if (!answer) throw notFound(REQUEST_NOT_FOUND);
      return answer;
    },
  );
};

export default replacementRequestsRoutes;
