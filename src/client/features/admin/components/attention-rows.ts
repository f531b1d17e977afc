/** The rows of the admin dashboard's "Needs attention" card, in words, from the server's counts. */
import { msg, plural } from "@lingui/core/macro";
import type { Attention } from "../../../../shared/api/admin-attention";
import { formatDateTime } from "../../../lib/format";
import { i18n } from "../../../lib/i18n/i18n";

export interface AttentionRow {
  to: string;
  label: string;
  value: string;
  /** Something is wrong here: the value is drawn in the warning colour. */
  alarming: boolean;
}

const none = () => i18n._(msg({ id: "admin.attention.none", message: "None" }));

/** The last sync in words: how it ended, when, and how many records it could not sync. */
function lastSyncText(lastSync: NonNullable<Attention["lastSync"]>): string {
  const when = formatDateTime(lastSync.finishedAt);
  const errors = lastSync.errors;
  if (lastSync.status !== "succeeded")
    return i18n._(msg({ id: "admin.attention.sync-failed", message: `Failed ${when}` }));
  if (errors > 0)
    return i18n._(
      msg({
        id: "admin.attention.sync-succeeded-errors",
        message: `Succeeded ${when}, ${plural(errors, { one: "# record", other: "# records" })} not synced`,
      }),
    );
  return i18n._(msg({ id: "admin.attention.sync-succeeded", message: `Succeeded ${when}` }));
}

/** The three rows of the card, from the server's answer; worded when asked, in the page's language. */
export function attentionRows(attention: Attention): AttentionRow[] {
  const { lastSync, unlinkedPayments: payments, failingJobs: jobs } = attention;
  return [
    {
      to: "/admin/payments/unlinked",
      label: i18n._(msg({ id: "admin.attention.payments", message: "Payments without a customer" })),
      value:
        payments === 0
          ? none()
          : i18n._(
              msg({
                id: "admin.attention.payments-count",
                message: plural(payments, { one: "# payment", other: "# payments" }),
              }),
            ),
      alarming: payments > 0,
    },
    {
      to: "/admin/outbox",
      label: i18n._(msg({ id: "admin.attention.jobs", message: "Background jobs failing" })),
      value:
        jobs === 0
          ? none()
          : i18n._(
              msg({
                id: "admin.attention.jobs-count",
                message: plural(jobs, { one: "# job", other: "# jobs" }),
              }),
            ),
      alarming: jobs > 0,
    },
    {
      to: "/admin/sync",
      label: i18n._(msg({ id: "admin.attention.last-sync", message: "Last sync" })),
      value: lastSync
        ? lastSyncText(lastSync)
        : i18n._(msg({ id: "admin.attention.no-sync", message: "No sync has finished yet" })),
      alarming: lastSync === null || lastSync.status === "failed" || lastSync.errors > 0,
    },
  ];
}
