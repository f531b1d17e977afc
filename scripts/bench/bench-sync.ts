/**
 * Benchmark: a full sync of 10,000 LinkedIn accounts from the fake Airtable base, which enforces
 * Airtable's 5 requests per second (and its 30-second penalty). Prints the time, the requests made,
 * the floor (requests ÷ 5 per second: no client can be faster) and the ratio of the two.
 *
 *   npm run bench:sync                  embedded database (in memory)
 *   DATABASE_URL=postgres://... npm run bench:sync   a PostgreSQL server (its tables are used as they are: give it an empty database)
 */
import { pino } from "pino";
import { createNotifier } from "../../src/server/features/notifications/notifier";
import { runSync } from "../../src/server/features/sync/engine";
import { BUILT_IN_FIELD_MAP } from "../../src/server/features/sync/field-map";
import { airtableSource } from "../../src/server/platform/adapters/records/airtable-source";
import { openDatabase } from "../../src/server/platform/db/client";
import { createOutbox } from "../../src/server/platform/outbox/outbox";
import { createSecretBox } from "../../src/server/platform/secrets/secret-box";
import { startFakeAirtable } from "../../tests/fakes/airtable-server";
import { airtableBase } from "../../tests/support/airtable-base";

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 10_000);
const CUSTOMERS = 100;

const base = airtableBase({ customers: CUSTOMERS, accountsPerCustomer: ACCOUNTS / CUSTOMERS });
const fake = await startFakeAirtable({ tables: base.tables, fields: base.fields });
const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL })
  : await openDatabase({ kind: "pglite", inMemory: true });
await database.migrate();

const source = airtableSource(database.db, { apiUrl: fake.url, baseId: fake.baseId, token: fake.token });
const started = performance.now();
const { run, tables } = await runSync(
  {
    db: database.db,
    source,
    fieldMap: BUILT_IN_FIELD_MAP,
    secretBox: createSecretBox([Buffer.alloc(32, 7)]),
    log: pino({ level: "warn" }),
    notifier: createNotifier(createOutbox(database.db, pino({ level: "warn" })), { digestSeconds: 60 }),
  },
  { kind: "full", trigger: "admin" },
);
const seconds = (performance.now() - started) / 1000;
const requests = fake.requests();
const refused = requests.filter((r) => r.status === 429).length;
const floor = requests.length / 5;

console.log(`database:          ${database.kind}`);
console.log(
  `run:               ${run.status}, ${run.synced} of ${run.processed} records synced (${tables.linkedinAccounts?.synced} accounts)`,
);
console.log(`requests:          ${requests.length} (${refused} refused with 429)`);
console.log(`time:              ${seconds.toFixed(2)} s`);
console.log(`floor:             ${floor.toFixed(2)} s (requests ÷ 5 per second)`);
console.log(`ratio to floor:    ${(seconds / floor).toFixed(3)}`);

await fake.close();
await database.close();
