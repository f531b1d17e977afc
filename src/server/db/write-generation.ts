/**
 * How many writes an embedded database has been asked for: a count that moves on before and after
 * every statement that is not a plain SELECT, and every transaction. The embedded database belongs
 * to this one process, so every write to it passes here; a value read from it stays true for as
 * long as the count has not moved. The session check keeps its answers on that condition
 * (session-store.ts), so an unchanged list costs no statement at all on PGlite, where each
 * statement runs on the main thread. A PostgreSQL server has other writers (other instances, the
 * operator's tools): it has no count, and nothing is kept.
 */
import type { Database } from "./client";

export interface WriteCounter {
  count: number;
}

const counters = new WeakMap<Database, WriteCounter>();

export function countWritesOf(db: Database, counter: WriteCounter): void {
  counters.set(db, counter);
}

/** The database's write count now, or undefined for a database that others may write to. */
export function writeGenerationOf(db: Database): number | undefined {
  return counters.get(db)?.count;
}

/** Whether a statement only reads: a plain SELECT (a WITH may hold an INSERT, so it counts as a write). */
export function onlyReads(statement: unknown): boolean {
  return (
    typeof statement === "string" &&
    /^\s*select\s/i.test(statement) &&
    !/\bfor\s+(update|share)\b/i.test(statement)
  );
}
