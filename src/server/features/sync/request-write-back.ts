/**
 * Write-back of replacement requests to the operator's base, through the outbox (decision 040). The
 * job names only the request: its delivery reads the request's current row, so the newest job of a
 * request (one supersede key per request) writes what is true now.
 *
 * - A request the base has no record of yet is first looked for by its Portal Request ID, so a
 *   create whose answer was lost (a time-out after the base took it) is not made twice; only then is
 *   it created, with every field, up to 10 records a call. Its record id is kept on the request.
 * - A withdrawn request's record gets the status "Withdrawn".
 *
 * Failures are retried with the profile write-back's back-off until the job waits for an admin.
 */
import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { RequestKind, RequestStatus, RequestWish } from "../../../shared/api/replacement-requests";
import { REQUEST_STATUSES } from "../../../shared/api/replacement-requests";
import { type RecordSource, writesTable } from "../../platform/adapters/records/port";
import type { Database } from "../../platform/db/database";
import { violatedUniqueConstraint } from "../../platform/db/errors";
import { replacementRequests as requests, users } from "../../platform/db/schema";
import type { Outbox, OutboxJob } from "../../platform/outbox/outbox";
import type { FieldMap } from "./field-map";
import { retryDelayMs } from "./write-back";

export const REQUEST_WRITE_BACK_KIND = "replacement-request-write-back";
/** The supersede key of a request's write-backs; the sync leaves a request with one pending alone. */
export const REQUEST_WRITE_BACK_KEY_PREFIX = "replacement-request:";
export const requestWriteBackKey = (requestId: number) => `${REQUEST_WRITE_BACK_KEY_PREFIX}${requestId}`;
const PER_REQUEST = 10;
const MAX_ATTEMPTS = 30;

/** How the base names each status; read back without regard to case. */
const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  submitted: "Submitted",
  in_progress: "In progress",
  fixed: "Fixed",
  replaced: "Replaced",
  declined: "Declined",
  withdrawn: "Withdrawn",
};
const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  wrong_password: "Wrong password",
  restricted: "Restricted or asks for ID",
  banned: "Banned",
  other: "Other",
};
const REQUEST_WISH_LABELS: Record<RequestWish, string> = {
  replacement: "Replacement",
  fix: "Fix",
};

/** The status a label of the base names ("In progress", "in_progress", "IN PROGRESS"), if any. */
export function statusOfLabel(label: string): RequestStatus | undefined {
  const wanted = label
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  return REQUEST_STATUSES.find(
    (status) =>
      REQUEST_STATUS_LABELS[status].toLowerCase() === wanted || status.replace(/_/g, " ") === wanted,
  );
}

interface RequestJobPayload {
  requestId: number;
}

export interface RequestWriteBackService {
  /** Queues the request's write-back inside the caller's transaction; null when no source takes it. */
  enqueue(tx: Database, requestId: number): Promise<number | null>;
  kick(): void;
}

type RequestRow = typeof requests.$inferSelect & { uid: string };

export function createRequestWriteBack(
  db: Database,
  outbox: Outbox,
  source: RecordSource | undefined,
  fieldMap: FieldMap,
  log: FastifyBaseLogger,
): RequestWriteBackService {
  const map = fieldMap.tables.replacementRequests;
  const writable = writesTable(source, map.table) && source?.create && source.update ? source : undefined;

  /** Portal column → value, as the map's field names, leaving out what is empty or not mapped. */
  function toFields(values: Record<string, string | null>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [column, value] of Object.entries(values)) {
      const field = map.fields[column];
      if (field && value !== null && value !== "") out[field] = value;
    }
    return out;
  }

  function recordFields(row: RequestRow): Record<string, string> {
    return toFields({
      portalRequestId: String(row.id),
      uid: row.uid,
      accountRecordId: row.accountRecordId,
      account: row.accountLabel,
      kind: REQUEST_KIND_LABELS[row.kind],
      wish: REQUEST_WISH_LABELS[row.wish],
      note: row.note,
      status: REQUEST_STATUS_LABELS[row.status],
      // Empty for a customer's new request; the operator's answer where one is already known.
      operatorNote: row.operatorNote,
      replacementRecordId: row.replacementRecordId,
      requestedAt: row.createdAt.toISOString(),
    });
  }

  const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

  /** The record a request already has in the base, found by its Portal Request ID. */
  async function lookUp(src: RecordSource, row: RequestRow): Promise<string | undefined> {
    const field = map.fields.portalRequestId ?? "Portal Request ID";
    for await (const page of src.list(map.table, { fieldEquals: { field, value: String(row.id) } })) {
      const found = page.find((record) => record.id);
      if (found) return found.id;
    }
    return undefined;
  }

  async function keepRecordId(row: RequestRow, recordId: string): Promise<void> {
    await db.update(requests).set({ airtableRecordId: recordId }).where(eq(requests.id, row.id));
    row.airtableRecordId = recordId;
  }

  async function deliver(src: RecordSource, jobs: OutboxJob[]): Promise<Map<number, string | null>> {
    const jobsOf = new Map<number, OutboxJob[]>();
    for (const job of jobs) {
      const { requestId } = job.payload as RequestJobPayload;
      jobsOf.set(requestId, [...(jobsOf.get(requestId) ?? []), job]);
    }
    const rows: RequestRow[] = await db
      .select({ ...requestColumns, uid: users.uid })
      .from(requests)
      .innerJoin(users, eq(users.id, requests.userId))
      .where(inArray(requests.id, [...jobsOf.keys()]));
    const failed = new Map<number, string>();

    // Records to make: those the base does not have already (an earlier create whose answer was lost).
    const toCreate: RequestRow[] = [];
    for (const row of rows.filter((r) => r.airtableRecordId === null)) {
      try {
        const existing = await lookUp(src, row);
        if (existing) await keepRecordId(row, existing);
        else toCreate.push(row);
      } catch (err) {
        failed.set(row.id, reason(err));
      }
    }
    for (let i = 0; i < toCreate.length; i += PER_REQUEST) {
      const batch = toCreate.slice(i, i + PER_REQUEST);
      try {
        const ids = await src.create?.(
          map.table,
          batch.map((row) => ({ fields: recordFields(row) })),
        );
        for (const [n, row] of batch.entries()) {
          const id = ids?.[n];
          if (!id) failed.set(row.id, "the base answered no record id");
          else await keepRecordId(row, id);
        }
      } catch (err) {
        if (violatedUniqueConstraint(err)) throw err;
        for (const row of batch) failed.set(row.id, reason(err));
      }
    }

    // A withdrawal made after the record was created.
    const withdrawn = rows.filter(
      (row) => row.status === "withdrawn" && row.airtableRecordId !== null && !toCreate.includes(row),
    );
    const statusField = map.fields.status;
    if (statusField) {
      for (let i = 0; i < withdrawn.length; i += PER_REQUEST) {
        const batch = withdrawn.slice(i, i + PER_REQUEST);
        try {
          await src.update?.(
            map.table,
            batch.map((row) => ({
              id: row.airtableRecordId ?? "",
              fields: { [statusField]: REQUEST_STATUS_LABELS.withdrawn },
            })),
          );
        } catch (err) {
          for (const row of batch) failed.set(row.id, reason(err));
        }
      }
    }

    const outcomes = new Map<number, string | null>();
    for (const [requestId, ofRequest] of jobsOf) {
      const error = failed.get(requestId) ?? null;
      if (error) log.warn({ requestId, reason: error }, "write-back of a replacement request failed");
      // A request gone from the portal (its customer removed) has nothing left to write.
      for (const job of ofRequest) outcomes.set(job.id, error);
    }
    return outcomes;
  }

  if (writable) {
    outbox.register({
      kind: REQUEST_WRITE_BACK_KIND,
      maxAttempts: MAX_ATTEMPTS,
      retryDelayMs,
      forgetPayloadWhenDone: false,
      deliver: (jobs) => deliver(writable, jobs),
    });
  }

  return {
    async enqueue(tx, requestId) {
      if (!writable) return null;
      const payload: RequestJobPayload = { requestId };
      return outbox.enqueue(tx, {
        kind: REQUEST_WRITE_BACK_KIND,
        payload,
        supersedeKey: requestWriteBackKey(requestId),
      });
    },
    kick: () => outbox.kick(),
  };
}

const requestColumns = {
  id: requests.id,
  userId: requests.userId,
  accountId: requests.accountId,
  accountRecordId: requests.accountRecordId,
  accountLabel: requests.accountLabel,
  kind: requests.kind,
  wish: requests.wish,
  note: requests.note,
  status: requests.status,
  operatorNote: requests.operatorNote,
  replacementRecordId: requests.replacementRecordId,
  airtableRecordId: requests.airtableRecordId,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
  statusChangedAt: requests.statusChangedAt,
};
