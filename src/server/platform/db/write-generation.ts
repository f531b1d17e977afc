/**
 * A database's generation: a number that moves on whenever the rows a session check reads may have
 * changed. A value read from the database stays true for as long as the generation has not moved,
 * and the session check keeps its answers on that condition (session-store.ts).
 *
 * - The embedded database belongs to this one process, so every write to it passes through the
 *   portal's client: its generation is a count that moves on before and after every statement that
 *   is not a plain SELECT, and every transaction (`WriteCounter`).
 * - A PostgreSQL server has other writers (other instances, the operator's tools): its generation
 *   also moves on with every change the server notifies, and is undefined whenever that channel is
 *   not proven to work, so nothing is kept then (change-feed.ts).
 */
import type { Database } from "./database";

export interface ChangeGeneration {
  /** The generation now, or undefined when nothing read may be kept. */
  current(): number | undefined;
}

export class WriteCounter implements ChangeGeneration {
  count = 0;
  current(): number {
    return this.count;
  }
}

const generations = new WeakMap<Database, ChangeGeneration>();

export function followGenerationOf(db: Database, generation: ChangeGeneration): void {
  generations.set(db, generation);
}

/** The database's generation now, or undefined when nothing read from it may be kept. */
export function writeGenerationOf(db: Database): number | undefined {
  return generations.get(db)?.current();
}

/** The text of a statement as pg's `query` is given it: a string, or a config with its text. */
export function statementText(statement: unknown): unknown {
  return typeof statement === "object" && statement !== null && "text" in statement
    ? (statement as { text: unknown }).text
    : statement;
}

/** Whether a statement only reads: a plain SELECT (a WITH may hold an INSERT, so it counts as a write). */
export function onlyReads(statement: unknown): boolean {
  return (
    typeof statement === "string" &&
    /^\s*select\s/i.test(statement) &&
    !/\bfor\s+(update|share)\b/i.test(statement)
  );
}
