/**
 * The operator's answers to replacement requests, back from the base (decision 040). The writer only
 * updates requests the portal made, found by their Portal Request ID: status, operator note and the
 * replacement account. It never creates or removes a request; a record whose Portal Request ID names
 * no request of the portal is reported on the run. A request whose own write-back still waits is left
 * alone (the base has not seen the portal's change yet), and a withdrawn request stays withdrawn.
 * Each status change records the customer's notification in the same transaction, under a key of
 * the change itself, with the rows locked, so two runs notify once.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { accountLabel } from "../../../shared/account-label";
import { OPEN_REQUEST_STATUSES, type RequestStatus } from "../../../shared/api/replacement-requests";
import type { SyncErrorDetail } from "../../../shared/api/sync";
import { linkedinAccounts, outboxJobs, replacementRequests as requests } from "../../platform/db/schema";
import type { NewNotification } from "../notifications";
import { REQUEST_WRITE_BACK_KEY_PREFIX, statusOfLabel } from "./request-write-back";
import type { TableWriter, ValidRecord } from "./table-writer";

const MAX_ID = 2_147_483_647;
const isOpen = (status: RequestStatus) => (OPEN_REQUEST_STATUSES as readonly string[]).includes(status);

interface Answer {
  recordId: string;
  requestId: number;
  status: RequestStatus | null;
  operatorNote: string | null;
  replacementRecordId: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

export function replacementRequestsWriter(fieldNames: Record<string, string>): TableWriter {
  const field = (column: string) => fieldNames[column] ?? column;
  return {
    async write(ctx, records: ValidRecord[]) {
      const errors: SyncErrorDetail[] = [];
      const problem = (recordId: string, column: string, message: string) =>
        errors.push({ table: ctx.tableName, recordId, message: `${field(column)}: ${message}` });

      const answers: Answer[] = [];
      for (const record of records) {
        const given = text(record.values.portalRequestId)?.trim() ?? "";
        if (!/^[1-9]\d{0,9}$/.test(given) || Number(given) > MAX_ID) {
          problem(record.recordId, "portalRequestId", `is not a request of this portal (got "${given}")`);
          continue;
        }
        const label = text(record.values.status);
        const status = label === null ? null : statusOfLabel(label);
        if (status === undefined) {
          problem(record.recordId, "status", `is not a request status (got "${label}")`);
          continue;
        }
        answers.push({
          recordId: record.recordId,
          requestId: Number(given),
          status,
          operatorNote: text(record.values.operatorNote),
          replacementRecordId: text(record.values.replacementRecordId),
        });
      }
      if (answers.length === 0) return { synced: 0, errors };

      let synced = 0;
      const notifications: NewNotification[] = [];
      await ctx.db.transaction(async (tx) => {
        const pending = sql<boolean>`exists (select 1 from ${outboxJobs} where ${outboxJobs.supersedeKey} = ${REQUEST_WRITE_BACK_KEY_PREFIX}::text || ${requests.id}::text and ${outboxJobs.doneAt} is null)`;
        const rows = await tx
          .select({
            id: requests.id,
            userId: requests.userId,
            accountRecordId: requests.accountRecordId,
            accountLabel: requests.accountLabel,
            status: requests.status,
            operatorNote: requests.operatorNote,
            replacementRecordId: requests.replacementRecordId,
            airtableRecordId: requests.airtableRecordId,
            pending,
          })
          .from(requests)
          .where(
            inArray(
              requests.id,
              answers.map((a) => a.requestId),
            ),
          )
          .orderBy(requests.id)
          .for("update");
        const byId = new Map(rows.map((row) => [row.id, row]));

        for (const answer of answers) {
          const row = byId.get(answer.requestId);
          if (!row) {
            problem(
              answer.recordId,
              "portalRequestId",
              `no request of this portal has the id ${answer.requestId}`,
            );
            continue;
          }
          if (row.airtableRecordId !== null && row.airtableRecordId !== answer.recordId) {
            problem(
              answer.recordId,
              "portalRequestId",
              `request ${answer.requestId} is already the record ${row.airtableRecordId}`,
            );
            continue;
          }
          // The portal's own change has not reached the base yet: what the base says is older.
          if (row.pending) continue;
          const recordIdOnly = row.airtableRecordId === null ? { airtableRecordId: answer.recordId } : {};
          let status: RequestStatus = answer.status ?? row.status;
          if (row.status === "withdrawn") status = "withdrawn";
          else if (status === "withdrawn") {
            problem(answer.recordId, "status", "only the customer withdraws a request");
            continue;
          }
          if (isOpen(status) && !isOpen(row.status)) {
            // Re-opened by the operator: the account may have another open request by now.
            const [other] = await tx
              .select({ id: requests.id })
              .from(requests)
              .where(
                and(
                  eq(requests.accountRecordId, row.accountRecordId),
                  inArray(requests.status, [...OPEN_REQUEST_STATUSES]),
                  ne(requests.id, row.id),
                ),
              )
              .limit(1);
            if (other) {
              problem(answer.recordId, "status", `the account already has the open request ${other.id}`);
              continue;
            }
          }
          const changed = status !== row.status;
          const same =
            !changed &&
            answer.operatorNote === row.operatorNote &&
            answer.replacementRecordId === row.replacementRecordId &&
            row.airtableRecordId !== null;
          synced += 1;
          if (same) continue;
          if (row.status === "withdrawn") {
            // Only the link to its record, if it lacked one.
            if (row.airtableRecordId === null) {
              await tx.update(requests).set(recordIdOnly).where(eq(requests.id, row.id));
            }
            continue;
          }
          await tx
            .update(requests)
            .set({
              ...recordIdOnly,
              status,
              operatorNote: answer.operatorNote,
              replacementRecordId: answer.replacementRecordId,
              updatedAt: ctx.now,
              ...(changed ? { statusChangedAt: ctx.now } : {}),
            })
            .where(eq(requests.id, row.id));
          if (changed) {
            let replacement: string | null = null;
            if (answer.replacementRecordId) {
              const [account] = await tx
                .select({
                  id: linkedinAccounts.id,
                  firstName: linkedinAccounts.firstName,
                  lastName: linkedinAccounts.lastName,
                  linkedinEmail: linkedinAccounts.linkedinEmail,
                })
                .from(linkedinAccounts)
                .where(
                  and(
                    eq(linkedinAccounts.airtableRecordId, answer.replacementRecordId),
                    eq(linkedinAccounts.userId, row.userId),
                  ),
                );
              replacement = account ? accountLabel(account) : null;
            }
            notifications.push({
              userId: row.userId,
              kind: "request_status_changed",
              dedupeKey: `request:${row.id}:${status}`,
              detail: { account: row.accountLabel, to: status, replacement },
              link: "/accounts/requests",
            });
          }
        }
        await ctx.notifier.record(tx, notifications);
      });
      return { synced, errors };
    },

    // Requests are the portal's own: a record leaving the base removes none.
    async localRecordIds() {
      return [];
    },
    async remove() {},
  };
}
