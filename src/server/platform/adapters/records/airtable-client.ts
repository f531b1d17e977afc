/**
 * A small client of the Airtable Web API on fetch: list a page of records, update or create up to 10
 * records.
 * It owns the base's rate limit (through its RequestGate), the 30-second hold-off after a 429, a
 * timeout on every call, and jittered back-off retries of timeouts, 5xx answers and malformed bodies.
 * No other 4xx is retried: the same request would fail the same way.
 */
import { z } from "zod";
import type { RequestGate } from "./airtable-rate-gate";

export const AIRTABLE_PAGE_SIZE = 100;
export const AIRTABLE_MAX_RECORDS_PER_UPDATE = 10;
/** Airtable blocks a base for 30 seconds after a 429. */
const RATE_LIMIT_PENALTY_MS = 30_000;

export interface RetryPolicy {
  /** Attempts per call for timeouts, network errors, 5xx answers and malformed bodies. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** 429 answers waited out per call before giving up. */
  rateLimitedAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  rateLimitedAttempts: 3,
};

export interface AirtableClientOptions {
  apiUrl: string;
  baseId: string;
  token: string;
  gate: RequestGate;
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** How long to wait after a 429; Airtable's 30 s unless a test shortens it. */
  rateLimitPenaltyMs?: number;
  onRetry?: (info: { attempt: number; reason: string; delayMs: number }) => void;
}

export class AirtableError extends Error {
  override name = "AirtableError";
  constructor(
    message: string,
    /** HTTP status, or undefined when no answer came (timeout, network). */
    readonly status: number | undefined,
    readonly type: string | undefined,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const recordSchema = z.object({
  id: z.string(),
  createdTime: z.string().optional(),
  fields: z.record(z.string(), z.unknown()),
});
const listPageSchema = z.object({ records: z.array(recordSchema), offset: z.string().optional() });
const updateAnswerSchema = z.object({ records: z.array(recordSchema) });

export type AirtableRecord = z.infer<typeof recordSchema>;
export type AirtableListPage = z.infer<typeof listPageSchema>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Airtable's error bodies: `{"error":{"type","message"}}`, `{"error":"NOT_FOUND"}` or `{"errors":[...]}`. */
function describeErrorBody(text: string): { type?: string; message?: string } {
  try {
    const body = JSON.parse(text) as {
      error?: string | { type?: string; message?: string };
      errors?: Array<{ error?: string; message?: string }>;
    };
    if (typeof body.error === "string") return { type: body.error };
    if (body.error) return { type: body.error.type, message: body.error.message };
    const first = body.errors?.[0];
    if (first) return { type: first.error, message: first.message };
  } catch {
    // Not JSON: the status alone describes it.
  }
  return {};
}

export function createAirtableClient(options: AirtableClientOptions) {
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const penaltyMs = options.rateLimitPenaltyMs ?? RATE_LIMIT_PENALTY_MS;
  const baseUrl = `${options.apiUrl.replace(/\/+$/, "")}/v0/${encodeURIComponent(options.baseId)}`;

  async function call<T>(
    method: "GET" | "PATCH" | "POST",
    table: string,
    query: URLSearchParams | undefined,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const url = `${baseUrl}/${encodeURIComponent(table)}${query ? `?${query}` : ""}`;
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      await options.gate.acquire();
      let failure: AirtableError;
      try {
        const response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${options.token}`,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        if (response.ok) {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const parsed = schema.safeParse(json);
          if (parsed.success) return parsed.data;
          failure = new AirtableError(
            `Airtable answered ${table} with a malformed body`,
            200,
            undefined,
            true,
          );
        } else if (response.status === 429) {
          // Refused before anything happened: safe to repeat, even a create.
          rateLimited += 1;
          if (rateLimited > retry.rateLimitedAttempts) {
            throw new AirtableError(
              "Airtable kept refusing requests (rate limit)",
              429,
              "RATE_LIMIT_REACHED",
              false,
            );
          }
          await options.gate.holdOff(penaltyMs);
          options.onRetry?.({ attempt: rateLimited, reason: "429 rate limited", delayMs: penaltyMs });
          continue;
        } else {
          const { type, message } = describeErrorBody(text);
          const detail = [type, message].filter(Boolean).join(": ");
          failure = new AirtableError(
            `Airtable answered ${response.status}${detail ? ` (${detail})` : ""} for ${table}`,
            response.status,
            type,
            response.status >= 500,
          );
        }
      } catch (err) {
        if (err instanceof AirtableError) throw err;
        const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
        failure = new AirtableError(
          timedOut
            ? `Airtable did not answer within ${timeoutMs / 1000} s for ${table}`
            : `Airtable could not be reached for ${table}`,
          undefined,
          undefined,
          true,
        );
      }
      failures += 1;
      // A create that failed after it was sent (no answer in time, a 5xx) may have made its records:
      // it is not repeated here but left to the caller, which looks for them before creating again.
      if (method === "POST") throw failure;
      if (!failure.retryable || failures >= retry.attempts) throw failure;
      // Full jitter: instances that failed together do not retry together.
      const delayMs = Math.random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (failures - 1));
      options.onRetry?.({ attempt: failures, reason: failure.message, delayMs });
      await sleep(delayMs);
    }
  }

  return {
    /** One page of a table's records; `offset` continues where the previous page ended. */
    listPage(
      table: string,
      params: { offset?: string; filterByFormula?: string; pageSize?: number } = {},
    ): Promise<AirtableListPage> {
      const query = new URLSearchParams({ pageSize: String(params.pageSize ?? AIRTABLE_PAGE_SIZE) });
      if (params.offset) query.set("offset", params.offset);
      if (params.filterByFormula) query.set("filterByFormula", params.filterByFormula);
      return call("GET", table, query, undefined, listPageSchema);
    },

    /** Updates up to 10 records; only the fields given change. */
    async updateRecords(
      table: string,
      records: Array<{ id: string; fields: Record<string, unknown> }>,
    ): Promise<AirtableRecord[]> {
      if (records.length > AIRTABLE_MAX_RECORDS_PER_UPDATE) {
        throw new Error(`Airtable updates at most ${AIRTABLE_MAX_RECORDS_PER_UPDATE} records per request`);
      }
      const answer = await call("PATCH", table, undefined, { records }, updateAnswerSchema);
      return answer.records;
    },

    /**
     * Creates up to 10 records; answers them, with their new ids, in the order given. A 429 is waited
     * out and repeated; any other failure is the caller's to retry (see `call`).
     */
    async createRecords(
      table: string,
      records: Array<{ fields: Record<string, unknown> }>,
    ): Promise<AirtableRecord[]> {
      if (records.length > AIRTABLE_MAX_RECORDS_PER_UPDATE) {
        throw new Error(`Airtable creates at most ${AIRTABLE_MAX_RECORDS_PER_UPDATE} records per request`);
      }
      const answer = await call("POST", table, undefined, { records }, updateAnswerSchema);
      if (answer.records.length !== records.length) {
        throw new AirtableError(`Airtable answered ${table} with a malformed body`, 200, undefined, true);
      }
      return answer.records;
    },
  };
}
