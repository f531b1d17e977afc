/**
 * Statements built once per database. Every request with a session, and every first read of a list
 * after a change, runs the same few statements: the query builder's work to write their SQL took
 * more of the main thread than anything else those requests did. A statement made with
 * `.prepare(name)` and placeholders is built once here, and a PostgreSQL server prepares it once per
 * connection under its name.
 */
import type { Database } from "./database";

export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
