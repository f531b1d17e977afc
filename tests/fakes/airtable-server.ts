/**
 * A fake of the Airtable Web API on loopback, for tests and the sync benchmark. It speaks the real
 * protocol for the calls the portal makes (list records with pageSize/offset/filterByFormula, PATCH
 * of up to 10 records, and POST to create up to 10), answers with Airtable's status codes and error bodies, enforces
 * Airtable's rate limit (5 requests per second per base, then a 30 s penalty), and can be told to
 * fail the way a remote API does: error statuses, slow or missing answers, broken bodies, resets.
 *
 * Everything is in memory. The shared harness (./harness.ts) runs the server on loopback, records the
 * requests and plays the injected faults, so the fake behaves like any remote server: the portal
 * reaches it through AIRTABLE_API_URL and real sockets.
 */
import { randomInt } from "node:crypto";
import {
  type HttpAnswer as Answer,
  type FaultTimes,
  type HttpFault,
  type RecordedRequest,
  startHttpFake,
} from "./harness";

export interface FakeAirtableRecord {
  id: string;
  createdTime: string;
  fields: Record<string, unknown>;
  lastModifiedTime: string;
}

export interface FakeAirtableRecordInput {
  id?: string;
  fields: Record<string, unknown>;
  createdTime?: string;
  lastModifiedTime?: string;
}

/** One of the harness's faults (see HttpFault), of which a `status` one gets Airtable's body for its status. */
export type FakeAirtableFault = HttpFault & {
  /** How many matching requests the fault applies to (default 1; "all" until clearFaults()). */
  times?: FaultTimes;
  /** Only requests with this method (default: any). */
  method?: "GET" | "PATCH" | "POST";
  /** Only requests to this table (default: any). */
  table?: string;
};

export interface FakeAirtableRequest {
  /** Arrival time, ms since epoch (real clock, not the `now` option). */
  time: number;
  method: string;
  path: string;
  /** Decoded table name, or null when the path is not a table route. */
  table: string | null;
  query: Record<string, string>;
  headers: RecordedRequest["headers"];
  /** Status answered (or being answered after a delay); null when no answer is given (hang, reset). */
  status: number | null;
  /** The fault this request consumed, if any. */
  fault?: FakeAirtableFault["kind"];
  /** The parsed JSON body, or the raw text when it is not JSON; absent when there is none (GET). */
  body?: unknown;
}

export interface FakeAirtableRateLimit {
  requestsPerSecond: number;
  penaltyMs: number;
}

export interface FakeAirtableOptions {
  baseId?: string;
  token?: string;
  /** Tables that exist from the start (possibly empty), with their records. */
  tables?: Record<string, FakeAirtableRecordInput[]>;
  /**
   * Field names a table knows without any record holding them. Airtable has a schema; this fake
   * derives it from every field name ever inserted or updated, plus these.
   */
  fields?: Record<string, string[]>;
  rateLimit?: FakeAirtableRateLimit | false;
  /** Delay added before every answer (default 0). */
  latencyMs?: number;
  /** Clock for createdTime/lastModifiedTime stamps (default: real time). */
  now?: () => Date;
}

export interface FakeAirtable {
  /** e.g. http://127.0.0.1:PORT, what the portal gets as AIRTABLE_API_URL. */
  url: string;
  baseId: string;
  token: string;
  /** Adds records (id generated as 'rec' + 14 alphanumerics unless given), returns them. */
  insert(table: string, records: FakeAirtableRecordInput[]): FakeAirtableRecord[];
  /** Merges fields into a record and bumps its lastModifiedTime (to `at`, default now). */
  update(table: string, id: string, fields: Record<string, unknown>, at?: Date): FakeAirtableRecord;
  remove(table: string, id: string): void;
  /** Current contents, in insertion order (copies). */
  records(table: string): FakeAirtableRecord[];
  injectFault(fault: FakeAirtableFault): void;
  clearFaults(): void;
  /** Forgets every list iterator, as Airtable does when one times out: old offsets then get 422. */
  expireOffsets(): void;
  /** Every request received, in arrival order. */
  requests(): FakeAirtableRequest[];
  resetRequests(): void;
  /** Closes the server and any hanging or slow sockets. */
  close(): Promise<void>;
}

const DEFAULT_BASE_ID = "appFakeBase0000001";
const DEFAULT_TOKEN = "patFakeToken.0000000000000000";
const MAX_PAGE_SIZE = 100;
const MAX_RECORDS_PER_PATCH = 10;
const RATE_WINDOW_MS = 1000;
// Old iterators are dropped past this many, as real ones expire; the benchmark needs ~100.
const MAX_ITERATORS = 5000;

interface StoredRecord {
  id: string;
  createdTime: string;
  lastModifiedTime: string;
  fields: Record<string, unknown>;
}

interface Table {
  records: StoredRecord[];
  byId: Map<string, StoredRecord>;
  fieldNames: Set<string>;
}

/** One page position of one list query: the query's matches are frozen when its first page is served. */
interface Iterator {
  table: string;
  formula: string;
  matches: StoredRecord[];
  position: number;
}

// ---------------------------------------------------------------------------------------------
// Airtable's answers. Statuses follow airtable.com/developers/web/api/errors and /rate-limits;
// types and messages are the ones Airtable is seen sending (quoted in client libraries' issues).

function errorAnswer(status: number, type: string, message: string): Answer {
  return { status, body: JSON.stringify({ error: { type, message } }) };
}

const notFound = (): Answer => ({ status: 404, body: JSON.stringify({ error: "NOT_FOUND" }) });

// Airtable's 429 body differs in shape from its other errors: a list under "errors".
const rateLimited = (): Answer => ({
  status: 429,
  body: JSON.stringify({
    errors: [{ error: "RATE_LIMIT_REACHED", message: "Rate limit exceeded. Please try again later" }],
  }),
});

const invalidRequest = (message = "Invalid request: parameter validation failed. Check your request data.") =>
  errorAnswer(422, "INVALID_REQUEST_UNKNOWN", message);

const modelNotFound = () =>
  errorAnswer(
    403,
    "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND",
    "Invalid permissions, or the requested model was not found. Check that both your user and your token have the required permissions, and that the model names and/or ids are correct.",
  );

/** The body an injected `status` fault answers with, shaped like Airtable's for that status. */
function faultAnswer(status: number): Answer {
  switch (status) {
    case 401:
      return errorAnswer(401, "AUTHENTICATION_REQUIRED", "Authentication required");
    case 403:
      return modelNotFound();
    case 404:
      return notFound();
    case 422:
      return invalidRequest();
    case 429:
      return rateLimited();
    case 500:
      return errorAnswer(500, "SERVER_ERROR", "Try again. If the problem persists, contact support.");
    case 502:
      return errorAnswer(502, "BAD_GATEWAY", "Airtable's servers are restarting. Please retry.");
    case 503:
      return errorAnswer(
        503,
        "SERVICE_UNAVAILABLE",
        "The service is temporarily unavailable. Please retry shortly.",
      );
    default:
      return errorAnswer(status, "UNEXPECTED_ERROR", "An unexpected error occurred");
  }
}

// ---------------------------------------------------------------------------------------------
// Records

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomId(prefix: string): string {
  let id = prefix;
  for (let i = 0; i < 14; i++) id += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return id;
}

function copyRecord(record: StoredRecord): FakeAirtableRecord {
  return {
    id: record.id,
    createdTime: record.createdTime,
    fields: structuredClone(record.fields),
    lastModifiedTime: record.lastModifiedTime,
  };
}

// Airtable leaves out "empty" cells: "", null, false and [].
function isEmptyCell(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === "" ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** A record as the API shows it. */
function apiRecord(record: StoredRecord) {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record.fields)) {
    if (!isEmptyCell(value)) fields[name] = value;
  }
  return { id: record.id, createdTime: record.createdTime, fields };
}

// ---------------------------------------------------------------------------------------------
// filterByFormula: a tokenizer and recursive-descent parser for the few forms the portal sends.
// The formula compiles to a predicate once per list query, so later pages never re-filter.

class FormulaError extends Error {}

type Token =
  | { kind: "field"; name: string }
  | { kind: "string"; value: string }
  | { kind: "name"; name: string }
  | { kind: "punct"; value: string };

const ESCAPES: Record<string, string> = { n: "\n", t: "\t" };

function readString(src: string, start: number): { value: string; end: number } {
  const quote = src.charAt(start);
  let value = "";
  let i = start + 1;
  while (i < src.length) {
    const ch = src.charAt(i);
    if (ch === quote) return { value, end: i + 1 };
    if (ch === "\\") {
      if (i + 1 >= src.length) break;
      const next = src.charAt(i + 1);
      value += ESCAPES[next] ?? next;
      i += 2;
    } else {
      value += ch;
      i++;
    }
  }
  throw new FormulaError("unterminated string");
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src.charAt(i);
    if (/\s/.test(ch)) {
      i++;
    } else if ("(),=".includes(ch)) {
      tokens.push({ kind: "punct", value: ch });
      i++;
    } else if (ch === "{") {
      const end = src.indexOf("}", i + 1);
      if (end <= i + 1) throw new FormulaError("bad field reference");
      tokens.push({ kind: "field", name: src.slice(i + 1, end) });
      i = end + 1;
    } else if (ch === "'" || ch === '"') {
      const { value, end } = readString(src, i);
      tokens.push({ kind: "string", value });
      i = end;
    } else {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))?.[0];
      if (!name) throw new FormulaError(`unexpected ${ch}`);
      tokens.push({ kind: "name", name });
      i += name.length;
    }
  }
  return tokens;
}

type Value = (record: StoredRecord) => string;

/** A formula node: either a condition or a value (Airtable compares these as text). */
type Node = { kind: "condition"; test: (record: StoredRecord) => boolean } | { kind: "value"; text: Value };

/** A cell as formula text. Arrays (lookups) join with ", " as Airtable does, so one element equals itself. */
function cellText(value: unknown): string {
  if (value === undefined || value === null || value === false) return "";
  if (value === true) return "1";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(cellText).join(", ");
  if (typeof value === "object") {
    const named = value as { name?: unknown; filename?: unknown };
    if (typeof named.name === "string") return named.name;
    if (typeof named.filename === "string") return named.filename;
  }
  return JSON.stringify(value);
}

class FormulaParser {
  private position = 0;
  readonly unknownFields: string[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly fieldNames: Set<string>,
  ) {}

  parse(): (record: StoredRecord) => boolean {
    const node = this.comparison();
    if (this.position < this.tokens.length) throw new FormulaError("trailing input");
    return this.condition(node).test;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private next(): Token {
    const token = this.tokens[this.position++];
    if (!token) throw new FormulaError("unexpected end");
    return token;
  }

  private expect(value: string): void {
    const token = this.next();
    if (token.kind !== "punct" || token.value !== value) throw new FormulaError(`expected ${value}`);
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token?.kind === "punct" && token.value === value;
  }

  private condition(node: Node): Extract<Node, { kind: "condition" }> {
    if (node.kind !== "condition") throw new FormulaError("expected a condition");
    return node;
  }

  private value(node: Node): Extract<Node, { kind: "value" }> {
    if (node.kind !== "value") throw new FormulaError("expected a value");
    return node;
  }

  private comparison(): Node {
    const left = this.primary();
    if (!this.isPunct("=")) return left;
    this.position++;
    const a = this.value(left).text;
    const b = this.value(this.primary()).text;
    return { kind: "condition", test: (record) => a(record) === b(record) };
  }

  private primary(): Node {
    const token = this.next();
    if (token.kind === "string") {
      const text = token.value;
      return { kind: "value", text: () => text };
    }
    if (token.kind === "field") {
      const name = token.name;
      if (!this.fieldNames.has(name)) this.unknownFields.push(name);
      return { kind: "value", text: (record) => cellText(record.fields[name]) };
    }
    if (token.kind === "name") return this.call(token.name.toUpperCase());
    throw new FormulaError(`unexpected ${token.value}`);
  }

  private arguments(): Node[] {
    this.expect("(");
    const args: Node[] = [];
    if (this.isPunct(")")) {
      this.position++;
      return args;
    }
    for (;;) {
      args.push(this.comparison());
      if (this.isPunct(")")) {
        this.position++;
        return args;
      }
      this.expect(",");
    }
  }

  private call(name: string): Node {
    const args = this.arguments();
    switch (name) {
      case "AND":
      case "OR": {
        if (args.length === 0) throw new FormulaError(`${name} needs arguments`);
        const tests = args.map((arg) => this.condition(arg).test);
        return name === "AND"
          ? { kind: "condition", test: (record) => tests.every((t) => t(record)) }
          : { kind: "condition", test: (record) => tests.some((t) => t(record)) };
      }
      case "IS_AFTER": {
        if (args.length !== 2) throw new FormulaError("IS_AFTER needs two dates");
        const [a, b] = args.map((arg) => this.value(arg).text) as [Value, Value];
        // An unparseable date makes Airtable's formula #ERROR!, which filters the record out.
        return { kind: "condition", test: (record) => Date.parse(a(record)) > Date.parse(b(record)) };
      }
      case "RECORD_ID":
        if (args.length !== 0) throw new FormulaError("RECORD_ID takes no arguments");
        return { kind: "value", text: (record) => record.id };
      case "LAST_MODIFIED_TIME":
        if (args.length !== 0) throw new FormulaError("only LAST_MODIFIED_TIME() is supported");
        return { kind: "value", text: (record) => record.lastModifiedTime };
      default:
        throw new FormulaError(`unsupported function ${name}`);
    }
  }
}

/** Compiles a formula, or returns the 422 Airtable answers for it. */
function compileFormula(formula: string, table: Table): ((record: StoredRecord) => boolean) | Answer {
  const invalid = (detail: string) =>
    errorAnswer(422, "INVALID_FILTER_BY_FORMULA", `The formula for filtering records is invalid: ${detail}`);
  try {
    const parser = new FormulaParser(tokenize(formula), table.fieldNames);
    const test = parser.parse();
    if (parser.unknownFields.length > 0) {
      return invalid(`Unknown field names: ${parser.unknownFields.join(", ")}`);
    }
    return test;
  } catch (err) {
    if (err instanceof FormulaError) return invalid("Invalid formula. Please check your formula text.");
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Rate limit: per base, a sliding 1000 ms window of accepted arrivals, then a penalty.

function createRateLimiter(limit: FakeAirtableRateLimit | false) {
  const bases = new Map<string, { accepted: number[]; blockedUntil: number }>();
  return {
    /** Whether a request arriving at `at` may proceed. Rejected requests do not enter the window. */
    admit(baseId: string, at: number): boolean {
      if (!limit) return true;
      let state = bases.get(baseId);
      if (!state) {
        state = { accepted: [], blockedUntil: 0 };
        bases.set(baseId, state);
      }
      if (at < state.blockedUntil) return false;
      while (state.accepted.length > 0 && (state.accepted[0] ?? 0) <= at - RATE_WINDOW_MS)
        state.accepted.shift();
      if (state.accepted.length >= limit.requestsPerSecond) {
        state.blockedUntil = at + limit.penaltyMs;
        // Airtable's 30 s penalty outlasts the 1 s window; emptying it keeps that true for the
        // short penalties tests use, so the first request after the penalty succeeds.
        state.accepted = [];
        return false;
      }
      state.accepted.push(at);
      return true;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The server

interface Route {
  baseId: string;
  table: string;
}

/** `/v0/{baseId}/{table}`; the table segment is split before decoding so %2F stays in the name. */
function matchRoute(pathname: string): Route | null {
  const parts = pathname.split("/");
  if (parts.length !== 4 || parts[0] !== "" || parts[1] !== "v0") return null;
  const [, , baseId, rawTable] = parts;
  if (!baseId || !rawTable) return null;
  try {
    return { baseId, table: decodeURIComponent(rawTable) };
  } catch {
    return null;
  }
}

/** The table route of a request the fake serves (GET, PATCH or POST), or null. */
function apiRoute(request: RecordedRequest): Route | null {
  return request.method === "GET" || request.method === "PATCH" || request.method === "POST"
    ? matchRoute(request.path)
    : null;
}

/** A recorded request as the fake's users see it: with its table, and its body parsed. */
function airtableView({ body, ...request }: RecordedRequest): FakeAirtableRequest {
  const view: FakeAirtableRequest = { ...request, table: matchRoute(request.path)?.table ?? null };
  if (body === "") return view;
  try {
    view.body = JSON.parse(body);
  } catch {
    view.body = body;
  }
  return view;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export async function startFakeAirtable(options: FakeAirtableOptions = {}): Promise<FakeAirtable> {
  const baseId = options.baseId ?? DEFAULT_BASE_ID;
  const token = options.token ?? DEFAULT_TOKEN;
  const now = options.now ?? (() => new Date());
  const limiter = createRateLimiter(
    options.rateLimit === undefined ? { requestsPerSecond: 5, penaltyMs: 30_000 } : options.rateLimit,
  );

  const tables = new Map<string, Table>();
  const iterators = new Map<string, Iterator>();

  function ensureTable(name: string): Table {
    let table = tables.get(name);
    if (!table) {
      table = { records: [], byId: new Map(), fieldNames: new Set() };
      tables.set(name, table);
    }
    return table;
  }

  function existingTable(name: string): Table {
    const table = tables.get(name);
    if (!table) throw new Error(`Fake Airtable has no table ${JSON.stringify(name)}`);
    return table;
  }

  function existingRecord(table: string, id: string): StoredRecord {
    const record = existingTable(table).byId.get(id);
    if (!record) throw new Error(`Fake Airtable table ${JSON.stringify(table)} has no record ${id}`);
    return record;
  }

  function insert(tableName: string, inputs: FakeAirtableRecordInput[]): FakeAirtableRecord[] {
    const table = ensureTable(tableName);
    return inputs.map((input) => {
      const id = input.id ?? randomId("rec");
      if (table.byId.has(id)) throw new Error(`Fake Airtable already has record ${id}`);
      const createdTime = input.createdTime ?? now().toISOString();
      const record: StoredRecord = {
        id,
        createdTime,
        lastModifiedTime: input.lastModifiedTime ?? createdTime,
        fields: structuredClone(input.fields),
      };
      for (const name of Object.keys(record.fields)) table.fieldNames.add(name);
      table.records.push(record);
      table.byId.set(id, record);
      return copyRecord(record);
    });
  }

  function applyUpdate(record: StoredRecord, fields: Record<string, unknown>, at: Date): void {
    Object.assign(record.fields, structuredClone(fields));
    record.lastModifiedTime = at.toISOString();
  }

  for (const [name, records] of Object.entries(options.tables ?? {})) insert(name, records);
  for (const [name, fieldNames] of Object.entries(options.fields ?? {})) {
    for (const field of fieldNames) ensureTable(name).fieldNames.add(field);
  }

  // --- list records -------------------------------------------------------------------------

  function rememberIterator(offset: string, iterator: Iterator): void {
    iterators.set(offset, iterator);
    if (iterators.size > MAX_ITERATORS) {
      const oldest = iterators.keys().next().value;
      if (oldest !== undefined) iterators.delete(oldest);
    }
  }

  function listRecords(tableName: string, table: Table, query: URLSearchParams): Answer {
    for (const key of query.keys()) {
      if (key !== "pageSize" && key !== "offset" && key !== "filterByFormula") {
        return invalidRequest(`The fake Airtable does not implement the query parameter ${key}`);
      }
    }
    const rawPageSize = query.get("pageSize");
    let pageSize = MAX_PAGE_SIZE;
    if (rawPageSize !== null) {
      pageSize = /^\d+$/.test(rawPageSize) ? Number(rawPageSize) : Number.NaN;
      if (!(pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) return invalidRequest();
    }
    const formula = query.get("filterByFormula") ?? "";
    const offset = query.get("offset");

    let iterator: Iterator;
    if (offset !== null) {
      if (!/^itr[A-Za-z0-9]{14}\/rec[A-Za-z0-9]{14}$/.test(offset)) {
        return errorAnswer(422, "INVALID_OFFSET_VALUE", `The value of offset ${offset} is invalid`);
      }
      const found = iterators.get(offset);
      // Assumed: an offset only continues the query that produced it.
      if (!found || found.table !== tableName || found.formula !== formula) {
        return errorAnswer(
          422,
          "LIST_RECORDS_ITERATOR_NOT_AVAILABLE",
          "The list records iterator is no longer available. Restart the iteration from the beginning.",
        );
      }
      iterator = found;
    } else {
      let matches = table.records.slice();
      if (formula.trim() !== "") {
        const test = compileFormula(formula, table);
        if (typeof test !== "function") return test;
        matches = matches.filter(test);
      }
      iterator = { table: tableName, formula, matches, position: 0 };
    }

    // Records deleted since the query began are skipped; updated ones show their current fields.
    const page: StoredRecord[] = [];
    let position = iterator.position;
    while (position < iterator.matches.length && page.length < pageSize) {
      const record = iterator.matches[position++] as StoredRecord;
      if (table.byId.get(record.id) === record) page.push(record);
    }
    const body: { records: ReturnType<typeof apiRecord>[]; offset?: string } = {
      records: page.map(apiRecord),
    };
    const last = page[page.length - 1];
    if (position < iterator.matches.length && last) {
      const iteratorId = offset?.slice(0, 17) ?? randomId("itr");
      const next = `${iteratorId}/${last.id}`;
      rememberIterator(next, { ...iterator, position });
      body.offset = next;
    }
    return { status: 200, body: JSON.stringify(body) };
  }

  // --- update records -----------------------------------------------------------------------

  function updateRecords(table: Table, parsed: unknown): Answer {
    if (!isPlainObject(parsed) || !Array.isArray(parsed.records)) return invalidRequest();
    for (const key of Object.keys(parsed)) {
      if (key !== "records" && key !== "typecast") {
        return invalidRequest(`The fake Airtable does not implement the request property ${key}`);
      }
    }
    if (parsed.typecast !== undefined && typeof parsed.typecast !== "boolean") return invalidRequest();
    const records: unknown[] = parsed.records;
    if (records.length === 0) return invalidRequest();
    if (records.length > MAX_RECORDS_PER_PATCH) {
      return errorAnswer(
        422,
        "INVALID_RECORDS",
        `A maximum of ${MAX_RECORDS_PER_PATCH} records can be updated per request but you have provided ${records.length}.`,
      );
    }
    const updates: Array<{ record: StoredRecord; fields: Record<string, unknown> }> = [];
    for (const item of records) {
      if (!isPlainObject(item) || typeof item.id !== "string" || !isPlainObject(item.fields)) {
        return invalidRequest();
      }
      const record = table.byId.get(item.id);
      if (!record)
        return errorAnswer(422, "ROW_DOES_NOT_EXIST", `Record ID ${item.id} does not exist in this table`);
      const unknown = Object.keys(item.fields).find((name) => !table.fieldNames.has(name));
      if (unknown !== undefined)
        return errorAnswer(422, "UNKNOWN_FIELD_NAME", `Unknown field name: "${unknown}"`);
      updates.push({ record, fields: item.fields });
    }
    // All checks pass before anything changes: Airtable applies a batch whole or not at all.
    const at = now();
    for (const { record, fields } of updates) applyUpdate(record, fields, at);
    return { status: 200, body: JSON.stringify({ records: updates.map(({ record }) => apiRecord(record)) }) };
  }

  // --- create records -----------------------------------------------------------------------

  /** `POST /v0/{base}/{table}` with `{ records: [{ fields }] }`: all or nothing, up to 10. */
  function createRecords(tableName: string, table: Table, parsed: unknown): Answer {
    if (!isPlainObject(parsed) || !Array.isArray(parsed.records)) return invalidRequest();
    for (const key of Object.keys(parsed)) {
      if (key !== "records" && key !== "typecast") {
        return invalidRequest(`The fake Airtable does not implement the request property ${key}`);
      }
    }
    if (parsed.typecast !== undefined && typeof parsed.typecast !== "boolean") return invalidRequest();
    const records: unknown[] = parsed.records;
    if (records.length === 0) return invalidRequest();
    if (records.length > MAX_RECORDS_PER_PATCH) {
      return errorAnswer(
        422,
        "INVALID_RECORDS",
        `A maximum of ${MAX_RECORDS_PER_PATCH} records can be created per request but you have provided ${records.length}.`,
      );
    }
    const inputs: Array<Record<string, unknown>> = [];
    for (const item of records) {
      if (!isPlainObject(item) || !isPlainObject(item.fields)) return invalidRequest();
      for (const key of Object.keys(item)) {
        if (key !== "fields") return invalidRequest(`Invalid record property ${key}`);
      }
      const unknown = Object.keys(item.fields).find((name) => !table.fieldNames.has(name));
      if (unknown !== undefined)
        return errorAnswer(422, "UNKNOWN_FIELD_NAME", `Unknown field name: "${unknown}"`);
      inputs.push(item.fields);
    }
    const created = insert(
      tableName,
      inputs.map((fields) => ({ fields })),
    );
    return {
      status: 200,
      body: JSON.stringify({
        records: created.map(apiRecord),
      }),
    };
  }

  // --- request handling ---------------------------------------------------------------------

  function authenticate(header: string | undefined): Answer | null {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) return errorAnswer(401, "AUTHENTICATION_REQUIRED", "Authentication required");
    if (match[1] !== token) return errorAnswer(401, "UNAUTHORIZED", "Invalid authentication token");
    return null;
  }

  /** The answer to a request no fault took (or a slow one): its effect happens now. */
  function respond(request: RecordedRequest, url: URL): Answer {
    const route = apiRoute(request);
    if (!route) return notFound();
    const unauthenticated = authenticate(request.headers.authorization);
    if (unauthenticated) return unauthenticated;
    const table = route.baseId === baseId ? tables.get(route.table) : undefined;
    if (!table) return modelNotFound();
    if (request.method === "GET") return listRecords(route.table, table, url.searchParams);

    let parsed: unknown;
    try {
      parsed = JSON.parse(request.body);
    } catch {
      return errorAnswer(422, "INVALID_REQUEST_BODY", "Could not parse request body");
    }
    return request.method === "POST"
      ? createRecords(route.table, table, parsed)
      : updateRecords(table, parsed);
  }

  const server = await startHttpFake<FakeAirtableFault>({
    latencyMs: options.latencyMs,
    // Decided on arrival, before the body is read, as a front-end limiter would: a request refused
    // with 429 takes no fault, while faulted requests did reach the server and count in the window.
    screen(request) {
      const route = apiRoute(request);
      if (!route) return notFound();
      return limiter.admit(route.baseId, request.time) ? undefined : rateLimited();
    },
    faultApplies: (fault, request) =>
      fault.table === undefined || fault.table === matchRoute(request.path)?.table,
    statusAnswer: faultAnswer,
    malformedBody: '{"records":[{"id":"rec',
    respond,
  });

  return {
    url: server.url,
    baseId,
    token,
    insert,
    update(table, id, fields, at) {
      const record = existingRecord(table, id);
      for (const name of Object.keys(fields)) existingTable(table).fieldNames.add(name);
      applyUpdate(record, fields, at ?? now());
      return copyRecord(record);
    },
    remove(table, id) {
      const t = existingTable(table);
      const record = existingRecord(table, id);
      t.byId.delete(id);
      t.records.splice(t.records.indexOf(record), 1);
    },
    records: (table) => existingTable(table).records.map(copyRecord),
    injectFault: (fault) => server.injectFault(fault),
    clearFaults: () => server.clearFaults(),
    expireOffsets() {
      iterators.clear();
    },
    requests: () => server.requests().map(airtableView),
    resetRequests: () => server.resetRequests(),
    close: () => server.close(),
  };
}
