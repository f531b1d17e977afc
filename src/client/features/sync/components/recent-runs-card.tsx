import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { SyncRun } from "../../../../shared/api/sync";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatCount, formatDateTime } from "../../../lib/format";
import { RunStatusBadge } from "./run-status-badge";
import { formatDuration, runKindLabels, runTriggerLabels, startedByLabel } from "./sync-format";

const TEXT_COLUMNS = [
  msg({ id: "sync.runs.started", message: "Started" }),
  msg({ id: "sync.runs.kind", message: "Kind" }),
  msg({ id: "sync.runs.trigger", message: "Trigger" }),
  msg({ id: "sync.runs.started-by", message: "Started by" }),
  msg({ id: "sync.runs.status", message: "Status" }),
  msg({ id: "sync.runs.duration", message: "Duration" }),
];
const COUNT_COLUMNS = [
  msg({ id: "sync.counts.processed", message: "Processed" }),
  msg({ id: "sync.counts.synced", message: "Synced" }),
  msg({ id: "sync.counts.errors", message: "Errors" }),
];
// Narrow cells: the nine columns fit the card at 1280 px (a sidebar beside it); dates, names and
// failure messages wrap, counts, badges and headings do not.
const cell = "px-2 first:pl-3 last:pr-3";
const num = `${cell} whitespace-nowrap text-right tabular-nums`;

/** The last runs, newest first, whoever or whatever started them. */
export function RecentRunsCard({ runs }: { runs: SyncRun[] }) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const title = t({ id: "sync.runs.title", message: "Recent runs" });
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>
          {t({
            id: "sync.runs.description",
            message: "Started from this page, by the schedule or by customers, newest first.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {runs.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t({ id: "sync.runs.none", message: "No sync has run yet." })}
          </p>
        ) : (
          <Table
            scrollLabel={t({ id: "sync.runs.table", message: "Recent runs table" })}
            aria-labelledby={titleId}
          >
            <TableHeader>
              <TableRow>
                {TEXT_COLUMNS.map((column) => (
                  <TableHead key={column.id} className={cell}>
                    {i18n._(column)}
                  </TableHead>
                ))}
                {COUNT_COLUMNS.map((column) => (
                  <TableHead key={column.id} className={`${cell} text-right`}>
                    {i18n._(column)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {runs.map((run) => (
                <TableRow key={run.id} className="align-top">
                  <TableCell className={`${cell} min-w-24`}>
                    <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
                  </TableCell>
                  <TableCell className={cell}>{i18n._(runKindLabels[run.kind])}</TableCell>
                  <TableCell className={cell}>{i18n._(runTriggerLabels[run.trigger])}</TableCell>
                  <TableCell className={`${cell} break-words`}>{startedByLabel(run)}</TableCell>
                  <TableCell className={cell}>
                    <RunStatusBadge status={run.status} />
                    {run.status === "failed" && run.message ? (
                      <p className="mt-1 max-w-56 min-w-28 text-xs break-words text-muted-foreground">
                        {run.message}
                      </p>
                    ) : null}
                  </TableCell>
                  <TableCell className={`${cell} whitespace-nowrap`}>{formatDuration(run) ?? "—"}</TableCell>
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
