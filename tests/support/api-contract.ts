/**
 * The API reference must tell the truth: every answer an API test receives from an app built by
 * createTestApp is checked against that app's own OpenAPI document when the test file ends. The
 * status must be declared for the operation, the media type declared for that status, and a JSON
 * body valid against the declared schema. Answers of requests that matched no route (unknown paths,
 * requests refused before routing) and of routes the document leaves out (the app's pages and
 * files) are not part of the API and are not checked, nor are routes a test adds itself (decision 026).
 */
import { gunzipSync } from "node:zlib";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { afterAll, expect } from "vitest";

interface MediaType {
  schema?: object;
}
interface DocumentedAnswer {
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, DocumentedAnswer>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

interface Answer {
  test: string;
  doc: ApiDocument;
  method: string;
  route: string;
  status: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** The bytes sent, or undefined for a stream (a file), whose bytes are not looked at. */
  body: Buffer | undefined;
}

const answers: Answer[] = [];
const documents = new WeakMap<FastifyInstance, ApiDocument>();

/** Fastify's `/api/user/:id` as OpenAPI writes it: `/api/user/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

function bytesOf(payload: unknown): Buffer | undefined {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (typeof payload === "string") return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  return undefined;
}

/** Records every answer the app gives, for the check at the end of the test file. */
export function recordAnswers(app: FastifyInstance): void {
  // Routes a test adds of its own (createTestApp's `configure`) are not the app's API.
  const testRoutes = new Set<string>();
  app.addHook("onRoute", (route) => {
    testRoutes.add(route.url);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (route === undefined || testRoutes.has(route)) return payload;
    let doc = documents.get(app);
    if (!doc) {
      doc = app.swagger() as unknown as ApiDocument;
      documents.set(app, doc);
    }
    const header = (name: string) => {
      const value = reply.getHeader(name);
      return value === undefined ? undefined : String(value);
    };
    answers.push({
      test: expect.getState().currentTestName ?? "(outside a test)",
      doc,
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: header("content-type"),
      contentEncoding: header("content-encoding"),
      body: bytesOf(payload),
    });
    return payload;
  });
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorFor(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** What is wrong with this answer by the document, or undefined when the document describes it. */
export function mismatchOf(answer: Omit<Answer, "test">): string | undefined {
  const path = answer.doc.paths[openApiPath(answer.route)];
  if (!path) return undefined; // Not part of the API.
  const method = answer.method === "HEAD" ? "get" : answer.method.toLowerCase();
  const operation = path[method];
  if (!operation) return "the operation is not in the document";
  const responses = operation.responses ?? {};
  const status = String(answer.status);
  const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!documented) return `status ${status} is not declared (declared: ${Object.keys(responses).join(", ")})`;
  // No body goes with a HEAD or a 304, whatever the GET's body would be.
  if (answer.method === "HEAD" || answer.status === 304 || answer.body === undefined) return undefined;
  const content = documented.content;
  if (!content) {
    return answer.body.length === 0 ? undefined : `status ${status} declares no body, but one was sent`;
  }
  if (answer.body.length === 0) return `status ${status} declares a body, but none was sent`;
  const mediaType = (answer.contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const media = content[mediaType];
  if (!media) {
    return `media type "${mediaType}" is not declared for status ${status} (declared: ${Object.keys(content).join(", ")})`;
  }
  if (!mediaType.endsWith("json") || !media.schema) return undefined;
  const bytes = answer.contentEncoding === "gzip" ? gunzipSync(answer.body) : answer.body;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    return `the ${status} body is not JSON`;
  }
  const validate = validatorFor(media.schema);
  if (validate(value)) return undefined;
  const errors = (validate.errors ?? [])
    .map((error) => `${error.instancePath || "(body)"} ${error.message}`)
    .join("; ");
  return `the ${status} body does not match its schema: ${errors}; body: ${bytes.toString("utf8").slice(0, 300)}`;
}

/** The mismatches among the answers recorded so far, one line each; forgets them. */
export function takeMismatches(): string[] {
  const lines = new Set<string>();
  for (const answer of answers.splice(0)) {
    const mismatch = mismatchOf(answer);
    if (mismatch) lines.add(`${answer.method} ${answer.route}: ${mismatch} (in "${answer.test}")`);
  }
  return [...lines];
}

afterAll(() => {
  const mismatches = takeMismatches();
  if (mismatches.length > 0) {
    throw new Error(
      `Answers the API reference does not describe (declare them in the route's schema):\n${mismatches.join("\n")}`,
    );
  }
});
