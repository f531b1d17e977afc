/**
 * The API reference: `GET /api/openapi.json` (OpenAPI 3.1) generated from the zod schemas the routes
 * validate with, each operation marked with the access its route declares, and `GET /api/docs`, the
 * same document as a plain page rendered here (no script, nothing loaded from elsewhere, nothing added
 * to the app's bundle). Registered before the routes, so that it sees every one.
 *
 * Each operation lists every status it can answer: those its route declares, and those the app's
 * plugins give on any route of its kind (`commonResponses`, decision 026). Its operationId comes from
 * its method and path, its tag from the table below.
 */
import { STATUS_CODES } from "node:http";
import swagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import type { Config } from "../config";
import { renderApiDocs } from "../http/api-docs-page";
import {
  adminStepUpResponse,
  commonResponses,
  ERROR_MEANINGS,
  type ErrorStatus,
  MEDIA_TYPE_KEY,
  textBody,
  WHILE_VIEWING_MEANING,
} from "../http/responses";
import { refusesWhileViewing } from "../http/view-as-session";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * What the reference shows of a request the route reads itself rather than through a schema
     * (the payment webhook reads its body as bytes, to check the signature over them), or of
     * answers it sends as ready-made bytes (a list kept as JSON text).
     */
    documented?: { body?: ZodType; responses?: Record<number, ZodType> };
  }
}

export const ACCESS_DESCRIPTIONS = {
  public: "Anyone, signed in or not.",
  user: "A signed-in user (the session cookie).",
  admin: "A signed-in administrator.",
} as const;

/** The API's areas, each with the path prefixes it holds; the first prefix that matches wins. */
export const API_TAGS = [
  {
    name: "reference",
    description: "This document and its page.",
    prefixes: ["/api/openapi.json", "/api/docs"],
  },
  {
    name: "service",
    description: "Health and the public configuration.",
    prefixes: ["/api/health", "/api/config"],
  },
  {
    name: "sign-in",
    description:
      'Signing in and out, registering, claiming an account, resetting a password, Google and passkey sign-in, and "This wasn\'t me" on a new sign-in.',
    prefixes: [
      "/api/login",
      "/api/logout",
      "/api/register",
      "/api/register-existing-user",
      "/api/session",
      "/api/forgot-password",
      "/api/reset-password",
      "/api/not-me",
      "/api/auth/google",
      "/api/auth/passkey",
    ],
  },
  {
    name: "account",
    description:
      "The signed-in user's profile, email, sessions, password, second factors, passkeys and fresh proofs, and closing the portal login.",
    prefixes: [
      "/api/user",
      "/api/passkeys",
      "/api/auth/fresh-proof",
      "/api/auth/step-up",
      "/api/me/close-login",
      "/api/me/support-views",
    ],
  },
  {
    name: "linkedin-accounts",
    description: "The LinkedIn accounts a customer bought, their secrets and sync.",
    prefixes: ["/api/accounts", "/api/linkedin-sync"],
  },
  {
    name: "activity",
    description: "The dashboard's recent activity: syncs, secret reveals, payments and orders.",
    prefixes: ["/api/activity"],
  },
  {
    name: "profile-optimizations",
    description: "Profile optimization orders.",
    prefixes: ["/api/profile-optimizations"],
  },
  {
    name: "replacement-requests",
    description:
      "Replacement requests: a customer reports an account that went wrong, follows the operator's answer and may withdraw a request still submitted.",
    prefixes: ["/api/replacement-requests"],
  },
  {
    name: "shop",
    description: "The catalogue, checkout, payment links, orders and the payment provider's webhook.",
    prefixes: ["/api/catalogue", "/api/create-checkout-session", "/api/stripe", "/api/pay", "/api/orders"],
  },
  {
    name: "billing",
    description: "Transactions, their CSV export, plans, paying a failed payment and the billing page.",
    prefixes: ["/api/transactions", "/api/billing", "/api/subscriptions"],
  },
  {
    name: "notifications",
    description:
      "What changed for the signed-in customer (the bell and its list), marking entries read, and which kinds also come by mail.",
    prefixes: ["/api/notifications"],
  },
  {
    name: "my-data",
    description:
      "The signed-in customer's own data: everything the portal holds about them, as one download.",
    prefixes: ["/api/me/data-export"],
  },
  {
    name: "admin",
    description:
      "Administrators only: sync, import status, audit trails, and viewing the portal as a customer, read only (stopping it is open to the viewing session).",
    prefixes: ["/api/admin", "/api/view-as"],
  },
  {
    name: "development",
    description: "Outside production, and only from the server's own machine.",
    prefixes: ["/api/dev"],
  },
] as const;

export function tagOf(url: string): string {
  const tag = API_TAGS.find((t) =>
    t.prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)),
  );
  // A path no area covers keeps its first segment as its tag, which the lint finds undeclared.
  return tag?.name ?? url.split("/")[2] ?? "api";
}

/** `post` `/api/accounts/linkedin/{id}/reveal` → `postAccountsLinkedinByIdReveal`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? ["by", param[1] as string] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join("");
}

/**
 * Every answer described (an error status by what it means in this API, a success by its name when
 * the route says no more), and an answer of another media type than JSON written as OpenAPI writes
 * it: `{ content: { [type]: { schema } } }`.
 */
function describedAnswers(responses: Record<string, Record<string, unknown>> | undefined) {
  if (!responses) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([status, declared]) => {
      const schema: Record<string, unknown> = {
        ...declared,
        description:
          declared.description ?? ERROR_MEANINGS[Number(status) as ErrorStatus] ?? STATUS_CODES[status],
      };
      const mediaType = schema[MEDIA_TYPE_KEY];
      if (typeof mediaType !== "string") return [status, schema];
      const { [MEDIA_TYPE_KEY]: _, $id: _id, description, ...rest } = schema;
      return [status, { description, content: { [mediaType]: { schema: rest } } }];
    }),
  );
}

function methodsOf(route: RouteOptions): string[] {
  return ([] as string[]).concat(route.method);
}

export default fp(
  async function apiReference(app: FastifyInstance, opts: { config: Config }) {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Customer portal API",
          version: "1",
          description:
            'Every error answer is `{ "error": message }`. State-changing calls must come from the portal\'s own origin (Origin or, without one, Referer; `Origin: null` is refused) and carry a JSON body. A request the server cannot read is refused before any route, whatever its path: 400 (malformed, or HTTP/1.1 without Host), 408 (not arrived in time), 413, 414 or 431 (the URL or headers too large).',
        },
        servers: [{ url: opts.config.appUrl }],
        components: {
          securitySchemes: {
            session: {
              type: "apiKey",
              in: "cookie",
              name: opts.config.session.cookieName,
              description:
                "The session cookie a sign-in sets (HttpOnly, SameSite=Lax). Calls that change anything must also come from the portal's own origin.",
            },
          },
        },
        tags: API_TAGS.map(({ name, description }) => ({ name, description })),
      },
      transform(input) {
        const route = input.route as RouteOptions;
        const access = route.config?.access;
        // Only the JSON API is described; the app's pages and files are not part of it.
        if (!input.url.startsWith("/api/") || access === undefined) {
          return { schema: { ...input.schema, hide: true }, url: input.url };
        }
        const declared = (input.schema ?? {}) as Record<string, unknown> & {
          response?: Record<number, ZodType>;
          body?: ZodType;
        };
        const methods = methodsOf(route);
        const refusedWhileViewing = refusesWhileViewing(methods, route.config?.whileViewing);
        const common = commonResponses({
          methods,
          access,
          crossSite: route.config?.crossSite === true,
          loopbackOnly: route.config?.loopbackOnly === true,
          refusedWhileViewing,
        });
        const response = { ...common, ...route.config?.documented?.responses, ...declared.response };
        // An admin route's 403 is the admin one, or one built on it that says it too.
        if (access === "admin" && common[403] && declared.response?.[403] !== adminStepUpResponse) {
          response[403] = common[403];
        }
        // A route's own 403 (a step-up, another's data) also says when viewing as a customer refuses it.
        const own403 = response[403];
        if (refusedWhileViewing && access !== "admin" && own403 && own403 !== common[403]) {
          const meaning = own403.description ?? ERROR_MEANINGS[403];
          response[403] = own403.describe(`${meaning} Or: ${WHILE_VIEWING_MEANING}`);
        }
        const body = declared.body ?? route.config?.documented?.body;
        const { schema, url } = jsonSchemaTransform({
          ...input,
          schema: { ...declared, response, ...(body ? { body } : {}) },
        });
        const method = methods.find((m) => m !== "HEAD") ?? "GET";
        return {
          url,
          schema: {
            ...schema,
            response: describedAnswers(schema.response as Record<string, Record<string, unknown>>),
            operationId: (declared.operationId as string | undefined) ?? operationIdOf(method, url),
            tags: [tagOf(url)],
            description: [schema?.description, `Access: ${ACCESS_DESCRIPTIONS[access]}`]
              .filter(Boolean)
              .join(" "),
            security: access === "public" ? [] : [{ session: [] }],
            "x-access": access,
          },
        };
      },
    });

    app.get(
      "/api/openapi.json",
      {
        config: { access: "public" },
        schema: {
          summary: "This API described as OpenAPI 3.1",
          response: {
            200: z
              .looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
              .describe("The OpenAPI document."),
          },
        },
      },
      async (_request, reply) => reply.header("cache-control", "no-cache").send(app.swagger()),
    );
    let page: string | undefined;
    app.get(
      "/api/docs",
      {
        config: { access: "public" },
        schema: {
          summary: "This API described as a page",
          response: { 200: textBody("text/html", "The reference as a plain HTML page.") },
        },
      },
      async (_request, reply) => {
        page ??= renderApiDocs(app.swagger() as never);
        return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
      },
    );
  },
  { name: "api-reference", dependencies: ["session"] },
);
