/** Loads the demo CSV folder into an empty embedded database with a full sync, as an operator's first import would. */
import { createRecordSource } from "../../platform/adapters/create-adapters";
import type { DemoSeeder } from "../../platform/db/demo-seed";
import { createOutbox } from "../../platform/outbox/outbox";
import { openSecretBox } from "../../platform/secrets/secret-box";
import { createNotifier } from "../notifications";
import { loadFieldMap } from "./field-map";
import { createSyncService } from "./sync-service";

export const demoSyncSeeder: DemoSeeder = {
  name: "demo customers, accounts, optimizations and transactions",
  async seed(database, config, log) {
    const fieldMap = await loadFieldMap(config.airtableFieldMapPath);
    const requests = fieldMap.tables.replacementRequests;
    const outbox = createOutbox(database.db, log);
    const sync = await createSyncService(config, database.db, log, {
      secretBox: await openSecretBox(config),
      fieldMap,
      source: createRecordSource(config, database.db, fieldMap.csv, {
        table: requests.table,
        fields: Object.values(requests.fields),
      }),
      // A full run queues no write-backs: this outbox never gets a job.
      outbox,
      notifier: createNotifier(outbox, { digestSeconds: config.notificationDigestSeconds }),
    });
    const { run } = await sync.run({ kind: "full", trigger: "startup" });
    if (run.status !== "succeeded") throw new Error(`The demo data could not be loaded: ${run.message}`);
  },
};
