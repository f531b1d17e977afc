/**
 * Statements built once per database. Every request with a session, and every first read of a list
 * after a change, runs the same few statements: the query builder's work to write their SQL took
 * more of the main thread than anything else those requests did, and a PostgreSQL server parsed and
 * planned each one again. A statement made with `.prepare(name)` and placeholders is built once
 * here, and a server prepares it once per connection under its name; the embedded database once, by
 * name too (named-statements.ts).
 */
import type { Database } from "./database";
import { markPrepared } from "./named-statements";

export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
      markPrepared(db, statement);
    }
    return statement;
  };
}
