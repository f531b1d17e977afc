import { useId } from "react";
import type { SyncRun } from "../../../../shared/api/sync";
import { ScrollRegion } from "../../../components/scroll-region";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatDateTime } from "../../../lib/format";
import { RunStatusBadge } from "./run-status-badge";
import { formatDuration, runKindLabels, runTriggerLabels, startedByLabel } from "./sync-format";

const th = "px-3 py-2 font-medium whitespace-nowrap";
const td = "px-3 py-2 whitespace-nowrap";
const num = `${td} text-right tabular-nums`;

/** The last runs, newest first, whoever or whatever started them. */
export function RecentRunsCard({ runs }: { runs: SyncRun[] }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Recent runs</CardTitle>
        <CardDescription>
          Started from this page, by the schedule or by customers, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {runs.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No sync has run yet.
          </p>
        ) : (
          <ScrollRegion label="Recent runs table">
            <table aria-labelledby={titleId} className="w-full text-left text-sm">
              <thead className="bg-muted text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className={th}>
                    Started
                  </th>
                  <th scope="col" className={th}>
                    Kind
                  </th>
                  <th scope="col" className={th}>
                    Trigger
                  </th>
                  <th scope="col" className={th}>
                    Started by
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Duration
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Processed
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Synced
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Errors
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {runs.map((run) => (
                  <tr key={run.id} className="align-top">
                    <td className={td}>
                      <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
                    </td>
                    <td className={td}>{runKindLabels[run.kind]}</td>
                    <td className={td}>{runTriggerLabels[run.trigger]}</td>
                    <td className={td}>{startedByLabel(run)}</td>
                    <td className="px-3 py-2">
                      <RunStatusBadge status={run.status} />
                      {run.status === "failed" && run.message ? (
                        <p className="mt-1 max-w-64 min-w-40 text-xs text-muted-foreground">{run.message}</p>
                      ) : null}
                    </td>
                    <td className={td}>{formatDuration(run) ?? "—"}</td>
                    <td className={num}>{formatCount(run.processed)}</td>
                    <td className={num}>{formatCount(run.synced)}</td>
                    <td className={num}>{formatCount(run.errors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}
