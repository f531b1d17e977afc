/**
 * The answers a route declares in its `schema.response`, in few words: `errorResponses(404, 429)`
 * gives each status the `{ error }` body with what the status means, and the helpers below give the
 * answers that are not JSON (a redirect, a 304, CSV, a page) a description and a media type. The
 * statuses that every route may answer because of a plugin (401 signed out, the cross-site 403, 413,
 * 415, 500...) are added to the API reference by `commonResponses`, not written in each route
 * (decision 026).
 */
import { type ZodType, z } from "zod";
import { errorBodySchema, stepUpRequiredSchema } from "../../../shared/api/errors";

/** What each error status means in this API; a route may say more with `errorBody(description)`. */
export const ERROR_MEANINGS = {
  400: "The request is malformed: a field, the query or the path fails its schema (`field: message`), the body is not JSON, or the Host header is missing.",
  401: "Not signed in, or the proof given is wrong.",
  403: "Refused to this caller.",
  404: "Nothing of the caller's matches.",
  409: "In conflict with the current state of the account or resource.",
  413: "The body is larger than 1 MiB.",
  415: "The body is not JSON (only `application/json` is accepted).",
  422: "Understood, but what is stored cannot be used.",
  429: "Too many attempts: the `Retry-After` header says how many seconds to wait.",
  500: "Something went wrong on the server; the answer says no more.",
  502: "An outside service (the payment provider, the data source) failed.",
  503: "A service this call needs is not configured or not reachable.",
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** The `{ error }` body with a description of when it is answered. */
export const errorBody = (description: string) => errorBodySchema.describe(description);

/** `{ 404: { error }, 429: { error } }` for `errorResponses(404, 429)`, each described. */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBody(ERROR_MEANINGS[status])])) as {
    [K in S[number]]: typeof errorBodySchema;
  };
}

/** The 403 of a route that needs a fresh proof first (`requireFreshProof`, decision 023). */
export const stepUpResponse = stepUpRequiredSchema.describe(
  "Refused: `stepUp: true` asks for a fresh proof (`POST /api/auth/fresh-proof`) before the same request is repeated; without it, the caller may not do this.",
);

/** The 403 of the admin routes: not an admin, or (`enrolSecondFactor: true`) an admin yet to set up a second factor. */
export const adminForbiddenSchema = z
  .object({ error: z.string(), enrolSecondFactor: z.literal(true).optional() })
  .describe(
    "Refused: not an administrator, an administrator whose session views the portal as a customer (decision 036), or (`enrolSecondFactor: true`) an administrator who must set up a second factor first.",
  );

/**
 * The 403 of an admin route that also needs a fresh proof first: the admin one, or a step-up. One
 * schema for both, as the route serializes every 403 it answers by it.
 */
export const adminStepUpResponse = adminForbiddenSchema
  .extend({ stepUp: z.literal(true).optional(), secondFactor: z.literal(true).optional() })
  .describe(
    `Refused: \`stepUp: true\` asks for a fresh proof (\`POST /api/auth/fresh-proof\`) before the same request is repeated. Or: ${adminForbiddenSchema.description}`,
  );

/** An answer without a body, such as a redirect or a 304. */
export const noBody = (description: string) => z.null().describe(description);

/** The 304 of a conditional GET (`sendPersonalJson`). */
export const notModifiedResponse = noBody(
  "Not modified: the `If-None-Match` ETag is the current one. No body.",
);

/** Where the API reference finds an answer's media type when it is not JSON. */
export const MEDIA_TYPE_KEY = "x-media-type";

/** A text answer of another media type than JSON: the reference lists it under that type. */
export const textBody = (mediaType: "text/csv" | "text/html", description: string) =>
  z.string().meta({ description, [MEDIA_TYPE_KEY]: mediaType });

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What of a route's declaration decides the answers its plugins may give. */
export interface RouteTraits {
  methods: string[];
  access: "public" | "user" | "admin";
  crossSite: boolean;
  loopbackOnly: boolean;
  /** A session that views the portal as a customer gets 403 here (view-as-session.ts). */
  refusedWhileViewing: boolean;
}

/** What the 403 of a session viewing as a customer means, said on every route that can answer it. */
export const WHILE_VIEWING_MEANING =
  "Refused while an administrator's session views the portal as this customer: read only (decision 036).";

const crossSiteRefusal = errorBody(
  "Refused: a state-changing call must come from the portal's own origin (Origin, or Referer without one).",
);

/**
 * The answers the app's plugins give on any route with these traits, whatever its handler does:
 * 400 (the request or its Host header is malformed), 500, 401 and 403 from the session guard, the
 * cross-site guard's 403, the 403 of a session viewing as a customer, the body parser's 400, 413 and
 * 415, and the 404 of a loopback-only route asked from elsewhere. A route's own declaration of a
 * status wins, except that an admin route's 403 is the admin one, which also covers a plain refusal,
 * unless the route declares `adminStepUpResponse` (the API reference adds the viewing one's meaning
 * to a route's own 403).
 */
export function commonResponses(route: RouteTraits): Record<number, ZodType> {
  const answers: Record<number, ZodType> = { 400: errorBody(ERROR_MEANINGS[400]) };
  const changesState = route.methods.some((method) => !SAFE_METHODS.has(method));
  if (route.access !== "public") answers[401] = errorBody("Not signed in.");
  if (changesState && !route.crossSite) answers[403] = crossSiteRefusal;
  if (route.refusedWhileViewing) {
    answers[403] = errorBody(
      changesState && !route.crossSite
        ? `${crossSiteRefusal.description} Or: ${WHILE_VIEWING_MEANING}`
        : WHILE_VIEWING_MEANING,
    );
  }
  if (route.access === "admin") answers[403] = adminForbiddenSchema;
  if (route.loopbackOnly) answers[404] = errorBody("Asked from another machine than the server's own.");
  if (changesState) {
    answers[413] = errorBody(ERROR_MEANINGS[413]);
    answers[415] = errorBody(ERROR_MEANINGS[415]);
  }
  answers[500] = errorBody(ERROR_MEANINGS[500]);
  return answers;
}

/** The answer of an action that has nothing to tell but that it was done. */
export const okAnswerSchema = z.object({ ok: z.literal(true) });
