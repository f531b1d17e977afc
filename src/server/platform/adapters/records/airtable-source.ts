/** The operator's Airtable base as a record source. */
import type { Database } from "../../db/database";
import { type AirtableClientOptions, AirtableError, createAirtableClient } from "./airtable-client";
import { allOf, fieldEquals, modifiedAfter } from "./airtable-formulas";
import { databaseRequestGate } from "./airtable-rate-gate";
import { type RecordSource, SourceError } from "./port";

export function airtableSource(
  db: Database,
  settings: { apiUrl: string; baseId: string; token: string; timeoutMs?: number },
  tuning: Partial<Pick<AirtableClientOptions, "timeoutMs" | "retry" | "rateLimitPenaltyMs" | "onRetry">> & {
    /** Airtable's 5 unless a test talks to a fake with another limit. */
    requestsPerSecond?: number;
  } = {},
): RecordSource {
  const { requestsPerSecond, ...clientTuning } = tuning;
  const client = createAirtableClient({
    ...settings,
    ...clientTuning,
    gate: databaseRequestGate(db, settings.baseId, requestsPerSecond),
  });
  const asSourceError = (err: unknown) =>
    err instanceof AirtableError ? new SourceError(err.message, { cause: err }) : err;

  return {
    kind: "airtable",
    description: settings.baseId,
    async *list(table, query = {}) {
      const filters: string[] = [];
      if (query.modifiedSince) filters.push(modifiedAfter(query.modifiedSince));
      if (query.fieldEquals) filters.push(fieldEquals(query.fieldEquals.field, query.fieldEquals.value));
      const filterByFormula = allOf(filters);
      let offset: string | undefined;
      do {
        let page: Awaited<ReturnType<typeof client.listPage>>;
        try {
          page = await client.listPage(table, { offset, filterByFormula });
        } catch (err) {
          throw asSourceError(err);
        }
        yield page.records;
        offset = page.offset;
      } while (offset);
    },
    async create(table, records) {
      const ids: string[] = [];
      for (let i = 0; i < records.length; i += 10) {
        try {
          const created = await client.createRecords(table, records.slice(i, i + 10));
          ids.push(...created.map((record) => record.id));
        } catch (err) {
          throw asSourceError(err);
        }
      }
      return ids;
    },
    async update(table, updates) {
      for (let i = 0; i < updates.length; i += 10) {
        try {
          await client.updateRecords(table, updates.slice(i, i + 10));
        } catch (err) {
          throw asSourceError(err);
        }
      }
    },
  };
}
