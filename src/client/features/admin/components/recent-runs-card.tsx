import { useId } from "react";
import type { SyncRun } from "../../../../shared/api/sync";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatCount, formatDateTime } from "../../../lib/format";
import { RunStatusBadge } from "./run-status-badge";
import { formatDuration, runKindLabels, runTriggerLabels, startedByLabel } from "./sync-format";

const TEXT_COLUMNS = ["Started", "Kind", "Trigger", "Started by", "Status", "Duration"];
const COUNT_COLUMNS = ["Processed", "Synced", "Errors"];
const num = "whitespace-nowrap text-right tabular-nums";

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
          <Table scrollLabel="Recent runs table" aria-labelledby={titleId}>
            <TableHeader>
              <TableRow>
                {TEXT_COLUMNS.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
                {COUNT_COLUMNS.map((column) => (
                  <TableHead key={column} className="text-right">
                    {column}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {runs.map((run) => (
                <TableRow key={run.id} className="align-top">
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{runKindLabels[run.kind]}</TableCell>
                  <TableCell className="whitespace-nowrap">{runTriggerLabels[run.trigger]}</TableCell>
                  <TableCell className="whitespace-nowrap">{startedByLabel(run)}</TableCell>
                  <TableCell>
                    <RunStatusBadge status={run.status} />
                    {run.status === "failed" && run.message ? (
                      <p className="mt-1 max-w-64 min-w-40 text-xs text-muted-foreground">{run.message}</p>
                    ) : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDuration(run) ?? "—"}</TableCell>
                  <TableCell className={num}>{formatCount(run.processed)}</TableCell>
                  <TableCell className={num}>{formatCount(run.synced)}</TableCell>
                  <TableCell className={num}>{formatCount(run.errors)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
