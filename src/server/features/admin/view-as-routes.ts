/**
 * Viewing the portal as a customer, read only (decision 036): an administrator starts it for one
 * customer with a reason; the session that views stops it. Thin: the rules are in view-as-service.ts
 * and the session guard.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { uidSchema } from "../../../shared/api/text";
import { startViewingSchema, viewingStartedSchema } from "../../../shared/api/view-as";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { forbidden } from "../../platform/http/errors";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { requireUser } from "../../platform/http/require-user";
import { adminStepUpResponse, errorBody, noBody } from "../../platform/http/responses";
import { endViewing } from "../../platform/http/view-as-session";
import { startViewing } from "./view-as-service";

const viewAsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  app.post(
    "/api/admin/customers/:uid/view-as",
    {
      config: { access: "admin" },
      schema: {
        summary: "View the portal as a customer, read only",
        description:
          "Turns the caller's own session into one that views the portal as the customer with this UID: every request of it is then served as that customer, reads only. Changes, downloads, secrets, Google flows and the admin pages answer 403 until `DELETE /api/view-as` or sign-out. It needs a fresh proof (403 `stepUp`), as the admin then reads everything the customer can. The reason (3 to 500 characters, one line) is kept in the audit log with the start and the stop, which is written however the viewing ends (stop, sign-out, the session expiring or ended); the customer sees in Settings that support viewed their account and when, never who or why.",
        params: z.object({ uid: uidSchema }),
        body: startViewingSchema,
        response: {
          200: viewingStartedSchema.describe("The session now views as this customer."),
          403: adminStepUpResponse,
          404: errorBody("No user has this UID."),
          409: errorBody(
            "This UID is the caller's own, an administrator's, or a customer whose portal login is closed: it cannot be viewed.",
          ),
        },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const session = request.currentSession;
      if (!session) throw forbidden();
      // A stolen session must not read a customer's screens on the strength of an old sign-in.
      requireFreshProof(request, config);
      return startViewing({ db, admin, session, ip: request.ip }, request.params.uid, request.body.reason);
    },
  );

  app.delete(
    "/api/view-as",
    {
      config: {
        access: "user",
        // The one change a viewing session makes besides signing out: ending the viewing.
        whileViewing: "allowed",
        // A 204 has no body to serialize: declared for the reference only.
        documented: { responses: { 204: noBody("The session views no one (any more).") } },
      },
      schema: {
        summary: "Stop viewing as a customer",
        description:
          "Ends the viewing of the caller's session: from the next request on it is the administrator's own again. Recorded in the audit log with the reason it was started for. A session that views no one is left as it is: the answer is the same.",
      },
    },
    async (request, reply) => {
      const session = request.currentSession;
      if (session && request.viewingAdmin) {
        await endViewing(db, session, request.ip);
      }
      return reply.code(204).send();
    },
  );
};

export default viewAsRoutes;
