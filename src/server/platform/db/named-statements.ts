/**
 * Named prepared statements on the embedded database. PGlite's own `query` parses and plans every
 * statement again, as an unnamed one, in five calls into WebAssembly. The statements the portal
 * builds once per database (prepared.ts) run on every request with a session and every first read
 * of a list; on a PostgreSQL server `pg` already prepares them once per connection under their name.
 * Here they get the same: prepared once under a name, then each run is one call (bind, describe,
 * execute, sync). Measured on the transactions list's first page, 2.8 ms became 2.2 ms.
 */
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import type { Database } from "./database";

type PgliteModule = typeof import("@electric-sql/pglite");

/** The texts of the statements built once for each embedded database (filled by prepared.ts). */
const preparedTexts = new WeakMap<Database, Set<string>>();

export function keepPreparedTextsOf(db: Database, texts: Set<string>): void {
  preparedTexts.set(db, texts);
}

/** Marks a statement built once for this database, so an embedded one runs it by name. */
export function markPrepared(db: Database, statement: unknown): void {
  const text = (statement as { queryString?: unknown } | null)?.queryString;
  if (typeof text === "string") preparedTexts.get(db)?.add(text);
}

/** PostgreSQL's code for a kept plan whose result type a schema change altered. */
const CACHED_PLAN_CHANGED = "0A000";

export type NamedStatementRunner = <T>(
  text: string,
  params: unknown[],
  options?: QueryOptions,
) => Promise<Results<T>>;

export function namedStatementRunner(
  client: PGlite,
  { parse, protocol }: PgliteModule,
): NamedStatementRunner {
  const { serialize } = protocol;
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let named = 0;

  const prepare = async (text: string) => {
    named += 1;
    const name = `portal_statement_${named}`;
    const { messages } = await client.execProtocol(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  };

  const run = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    again: boolean,
  ) => {
    const statement = statements.get(text) ?? (await prepare(text));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    try {
      const { messages } = await client.execProtocol(
        Buffer.concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      await client.syncToFs();
      return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
    } catch (error) {
      if ((error as { code?: unknown }).code !== CACHED_PLAN_CHANGED || !again) throw error;
      // A schema change altered what the statement returns: prepared again, it runs as written now.
      statements.delete(text);
      await client.execProtocol(
        Buffer.concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]),
        { syncToFs: false },
      );
      return run<T>(text, params, options, false);
    }
  };

  // The same two locks as PGlite's own query: never inside another caller's transaction.
  return (text, params, options) =>
    client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options, true)));
}
