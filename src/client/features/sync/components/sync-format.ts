/** How the admin sync page words runs, sources and durations. */
import type { ImportStatus, SyncRun } from "../../../../shared/api/sync";

/** How long a finished run took, e.g. "850 ms", "12 s", "2 min 5 s"; null while it runs. */
export function formatDuration(run: Pick<SyncRun, "startedAt" | "finishedAt">): string | null {
  if (run.finishedAt === null) return null;
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export function formatInterval(minutes: number): string {
  if (minutes <= 0) return "No interval set";
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? "Every hour" : `Every ${hours} hours`;
  }
  return minutes === 1 ? "Every minute" : `Every ${minutes} minutes`;
}

export const runKindLabels: Record<SyncRun["kind"], string> = {
  full: "Full",
  incremental: "Changes only",
  user: "One customer",
};

export const runTriggerLabels: Record<SyncRun["trigger"], string> = {
  admin: "Admin",
  schedule: "Schedule",
  customer: "Customer",
  startup: "Startup",
};

export const sourceKindLabels: Record<ImportStatus["source"]["kind"], string> = {
  airtable: "Airtable",
  csv: "CSV folder",
};

/** Who started a run, as the Started by column shows it: a person's name, "The schedule" or a dash. */
export function startedByLabel(run: SyncRun): string {
  return run.startedBy ?? (run.trigger === "schedule" ? "The schedule" : "—");
}

const runsInSentence: Record<SyncRun["kind"], string> = {
  full: "full sync",
  incremental: "sync of changes only",
  user: "sync of one customer's records",
};

/** How a run came about, as a person would say it. */
function howStarted(run: SyncRun): string {
  switch (run.trigger) {
    case "admin":
      return `started by ${run.startedBy ?? "an administrator"}`;
    case "schedule":
      return "started on schedule";
    case "customer":
      return `started by ${run.startedBy ?? "a customer"} from their accounts page`;
    case "startup":
      return "started automatically when the portal started";
  }
}

/**
 * What a run was and who started it, up to its start time, which follows: "Full sync, started by Ada
 * Admin at", "Full sync, started automatically when the portal started, at".
 */
export function runStartedAt(run: SyncRun, { capital = false }: { capital?: boolean } = {}): string {
  const what = runsInSentence[run.kind];
  const subject = capital ? `${what.charAt(0).toUpperCase()}${what.slice(1)}` : `a ${what}`;
  // Without the comma, "…when the portal started at 14:02" reads as the time the portal started.
  return `${subject}, ${howStarted(run)}${run.trigger === "startup" ? "," : ""} at`;
}
