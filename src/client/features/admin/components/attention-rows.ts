/** The rows of the admin dashboard's "Needs attention" card, in words, from the server's counts. */
import type { Attention } from "../../../../shared/api/admin-attention";
import { formatCount, formatDateTime } from "../../../lib/format";

export interface AttentionRow {
  to: string;
  label: string;
  value: string;
  /** Something is wrong here: the value is drawn in the warning colour. */
  alarming: boolean;
}

const count = (n: number, one: string, many: string) =>
  n === 0 ? "None" : `${formatCount(n)} ${n === 1 ? one : many}`;

/** The three rows of the card, from the server's answer. */
export function attentionRows(attention: Attention): AttentionRow[] {
  const { lastSync } = attention;
  return [
    {
      to: "/admin/payments/unlinked",
      label: "Payments without a customer",
      value: count(attention.unlinkedPayments, "payment", "payments"),
      alarming: attention.unlinkedPayments > 0,
    },
    {
      to: "/admin/outbox",
      label: "Background jobs failing",
      value: count(attention.failingJobs, "job", "jobs"),
      alarming: attention.failingJobs > 0,
    },
    {
      to: "/admin/sync",
      label: "Last sync",
      value: lastSync
        ? `${lastSync.status === "succeeded" ? "Succeeded" : "Failed"} ${formatDateTime(lastSync.finishedAt)}${
            lastSync.status === "succeeded" && lastSync.errors > 0
              ? `, ${count(lastSync.errors, "record", "records")} not synced`
              : ""
          }`
        : "No sync has finished yet",
      alarming: lastSync === null || lastSync.status === "failed" || lastSync.errors > 0,
    },
  ];
}
