/**
 * How an error appears in a log line. A failed database statement is logged by its SQLSTATE code,
 * the statement's kind and table, and the constraint, table and column the server names, never by
 * its parameter values: those are emails, password hashes and secrets, and the database's own
 * message or detail can quote them too ("Key (email)=(...) already exists").
 */
import { stdSerializers } from "pino";

/** Properties other libraries hang on their errors that can carry request data. */
const UNSAFE_PROPERTIES = ["params", "parameters", "query", "detail", "where", "internalQuery", "hint"];
const DATABASE_FIELDS = [
  "code",
  "severity",
  "constraint",
  "table",
  "column",
  "schema",
  "dataType",
  "routine",
];

type Loggable = Record<string, unknown>;

/** "insert users", "select sessions": what a statement did, to which table, without its values. */
export function describeStatement(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? "statement";
  const table = /\b(?:from|into|update|join)\s+"?([A-Za-z_][\w]*)"?/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}

function isDatabaseError(err: Error & Loggable): boolean {
  const hasSqlState = typeof err.code === "string" && /^[0-9A-Z]{5}$/.test(err.code);
  return "query" in err || "params" in err || (hasSqlState && "severity" in err);
}

/** The stack's frames without its first line, which repeats the (unsafe) message. */
function framesOf(err: Error): string | undefined {
  const at = err.stack?.indexOf("\n    at ") ?? -1;
  return at >= 0 ? err.stack?.slice(at) : undefined;
}

export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const err = value as Error & Loggable;
  if (isDatabaseError(err)) {
    const out: Loggable = { type: err.constructor?.name ?? "Error" };
    if (typeof err.query === "string") out.statement = describeStatement(err.query);
    for (const field of DATABASE_FIELDS) if (err[field] !== undefined) out[field] = err[field];
    out.message = `Database statement failed${out.code ? ` (SQLSTATE ${String(out.code)})` : ""}`;
    const frames = framesOf(err);
    if (frames) out.stack = `${out.type}: ${out.message}${frames}`;
    if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
    return out;
  }
  const out = stdSerializers.err(err) as unknown as Loggable;
  for (const key of UNSAFE_PROPERTIES) delete out[key];
  if (err.cause instanceof Error && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
