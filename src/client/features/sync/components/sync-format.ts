/** How the admin sync page words runs, sources and durations, in the page's language. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { ImportStatus, SyncRun } from "../../../../shared/api/sync";
import { i18n } from "../../../lib/i18n/i18n";

/** How long a finished run took, e.g. "850 ms", "12 s", "2 min 5 s"; null while it runs. */
export function formatDuration(run: Pick<SyncRun, "startedAt" | "finishedAt">): string | null {
  if (run.finishedAt === null) return null;
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) {
    const milliseconds = Math.round(ms);
    return i18n._(msg({ id: "sync.duration.ms", message: `${milliseconds} ms` }));
  }
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return i18n._(msg({ id: "sync.duration.s", message: `${seconds} s` }));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0
    ? i18n._(msg({ id: "sync.duration.min", message: `${minutes} min` }))
    : i18n._(msg({ id: "sync.duration.min-s", message: `${minutes} min ${rest} s` }));
}

export function formatInterval(minutes: number): string {
  if (minutes <= 0) return i18n._(msg({ id: "sync.interval.none", message: "No interval set" }));
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return i18n._(
      msg({
        id: "sync.interval.hours",
        message: plural(hours, { one: "Every hour", other: "Every # hours" }),
      }),
    );
  }
  return i18n._(
    msg({
      id: "sync.interval.minutes",
      message: plural(minutes, { one: "Every minute", other: "Every # minutes" }),
    }),
  );
}

/** The Kind column's words; read with `i18n._` when shown. */
export const runKindLabels: Record<SyncRun["kind"], MessageDescriptor> = {
  full: msg({ id: "sync.kind.full", message: "Full" }),
  incremental: msg({ id: "sync.kind.incremental", message: "Changes only" }),
  user: msg({ id: "sync.kind.user", message: "One customer" }),
};

/** The Trigger column's words; read with `i18n._` when shown. */
export const runTriggerLabels: Record<SyncRun["trigger"], MessageDescriptor> = {
  admin: msg({ id: "sync.trigger.admin", message: "Admin" }),
  schedule: msg({ id: "sync.trigger.schedule", message: "Schedule" }),
  customer: msg({ id: "sync.trigger.customer", message: "Customer" }),
  startup: msg({ id: "sync.trigger.startup", message: "Startup" }),
};

/** A source's kind by name: Airtable is a product's name, the same in every language. */
export function sourceKindLabel(kind: ImportStatus["source"]["kind"]): string {
  return kind === "airtable" ? "Airtable" : i18n._(msg({ id: "sync.source.csv", message: "CSV folder" }));
}

/** Who started a run, as the Started by column shows it: a person's name, "The schedule" or a dash. */
export function startedByLabel(run: SyncRun): string {
  if (run.startedBy !== null) return run.startedBy;
  return run.trigger === "schedule"
    ? i18n._(msg({ id: "sync.started-by.schedule", message: "The schedule" }))
    : "—";
}

/** What a run was, at the start of a sentence ("Full sync") and within one ("a full sync"). */
const runsInSentence: Record<SyncRun["kind"], { capital: MessageDescriptor; within: MessageDescriptor }> = {
  full: {
    capital: msg({ id: "sync.run.full", message: "Full sync" }),
    within: msg({ id: "sync.run.full.within", message: "a full sync" }),
  },
  incremental: {
    capital: msg({ id: "sync.run.incremental", message: "Sync of changes only" }),
    within: msg({ id: "sync.run.incremental.within", message: "a sync of changes only" }),
  },
  user: {
    capital: msg({ id: "sync.run.user", message: "Sync of one customer's records" }),
    within: msg({ id: "sync.run.user.within", message: "a sync of one customer's records" }),
  },
};

/** How a run came about, as a person would say it. */
function howStarted(run: SyncRun): string {
  const name = run.startedBy;
  switch (run.trigger) {
    case "admin":
      return name === null
        ? i18n._(msg({ id: "sync.how.admin-unnamed", message: "started by an administrator" }))
        : i18n._(msg({ id: "sync.how.admin", message: `started by ${name}` }));
    case "schedule":
      return i18n._(msg({ id: "sync.how.schedule", message: "started on schedule" }));
    case "customer":
      return name === null
        ? i18n._(
            msg({
              id: "sync.how.customer-unnamed",
              message: "started by a customer from their accounts page",
            }),
          )
        : i18n._(msg({ id: "sync.how.customer", message: `started by ${name} from their accounts page` }));
    case "startup":
      return i18n._(
        msg({ id: "sync.how.startup", message: "started automatically when the portal started" }),
      );
  }
}

/**
 * What a run was and who started it, up to its start time, which follows: "Full sync, started by Ada
 * Admin at", "Full sync, started automatically when the portal started, at".
 */
export function runStartedAt(run: SyncRun, { capital = false }: { capital?: boolean } = {}): string {
  const names = runsInSentence[run.kind];
  const what = i18n._(capital ? names.capital : names.within);
  const how = howStarted(run);
  // Without the comma, "…when the portal started at 14:02" reads as the time the portal started.
  return run.trigger === "startup"
    ? i18n._(msg({ id: "sync.run.started-at.after-startup", message: `${what}, ${how}, at` }))
    : i18n._(msg({ id: "sync.run.started-at", message: `${what}, ${how} at` }));
}
