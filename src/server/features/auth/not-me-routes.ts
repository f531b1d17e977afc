/**
 * "This wasn't me" from the new-sign-in mail (decision 072). The mailed link opens a page, whose
 * button posts here: a mail scanner that fetches the link changes nothing. Thin: the rules are in
 * sign-in-disowned.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { disownSignInSchema, signInDisownedSchema } from "../../../shared/api/sign-in-disowned";
import { errorBody, errorResponses } from "../../platform/http/responses";
import { sayTo } from "../../platform/i18n/reply-language";
import type { AuthContext } from "./service";
import { disownSignIn } from "./sign-in-disowned";

const SESSION_ENDED = /*i18n*/ {
  id: "answer.not-me.ended",
  message: "That session has ended. We have mailed you a link to choose a new password.",
};
const SESSION_HAD_ENDED = /*i18n*/ {
  id: "answer.not-me.had-ended",
  message: "That session had ended already. We have mailed you a link to choose a new password.",
};

const notMeRoutes: FastifyPluginAsyncZod<Omit<AuthContext, "log">> = async (app, opts) => {
  app.post(
    "/api/not-me",
    {
      // Signed out or in, as whoever: the owner may read their mail anywhere. The link is the proof.
      config: { access: "public" },
      schema: {
        summary: "End a new sign-in's session with its mailed link",
        description:
          "The new-sign-in mail's \"This wasn't me\" link (valid 7 days, once): ends the session of that sign-in, and no other, and mails the account a password-reset link. `ended` is false when the session had ended already. When the session was this browser's own, its cookie is cleared. Audited as `sign-in-disowned`.",
        body: disownSignInSchema,
        response: {
          200: signInDisownedSchema,
          400: errorBody(
            "The body fails its schema, or the link is unknown, expired or used already. Nothing changed.",
          ),
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const outcome = await disownSignIn({ ...opts, log: request.log }, request.body.token, request.ip);
      if (outcome.ended && request.currentSession?.id === outcome.sessionId) app.clearSessionCookie(reply);
      return {
        ok: true as const,
        ended: outcome.ended,
        message: sayTo(request, outcome.ended ? SESSION_ENDED : SESSION_HAD_ENDED),
      };
    },
  );
};

export default notMeRoutes;
