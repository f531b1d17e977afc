import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { SyncErrorDetail } from "../../../../shared/api/sync";
import { Button } from "../../../components/ui/button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table";
import { formatCount } from "../../../lib/format";

/** A big base can fail on hundreds of records; the table shows this many until asked for all. */
export const VISIBLE_ERROR_ROWS = 50;

/** The records a run could not sync: which table, which record of the base, and why. */
export function ErrorDetailsTable({ details }: { details: SyncErrorDetail[] }) {
  const { t } = useLingui();
  const [showAll, setShowAll] = useState(false);
  const visible = showAll ? details : details.slice(0, VISIBLE_ERROR_ROWS);
  const hidden = details.length - visible.length;
  const more = formatCount(hidden);
  const total = formatCount(details.length);
  const first = formatCount(VISIBLE_ERROR_ROWS);

  return (
    <div className="space-y-3">
      <Table
        scrollLabel={t({ id: "sync.errors.table", message: "Error details table" })}
        containerClassName="max-h-[32rem]"
        className="min-w-[32rem]"
      >
        <TableCaption className="sr-only">
          {t({ id: "sync.errors.caption", message: "Error details" })}
        </TableCaption>
        <TableHeader className="sticky top-0">
          <TableRow>
            <TableHead>{t({ id: "sync.errors.column.table", message: "Table" })}</TableHead>
            <TableHead>{t({ id: "sync.errors.column.record", message: "Record" })}</TableHead>
            <TableHead>{t({ id: "sync.errors.column.message", message: "Message" })}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {visible.map((detail, index) => (
            // Records may repeat (one record failing in two ways) and may have no id, so the position is the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced as a whole, never reordered
            <TableRow key={index} className="align-top">
              {/* What the sync recorded as it ran: a record, not the page's words (translate="no"). */}
              <TableCell translate="no" className="whitespace-nowrap">
                {detail.table}
              </TableCell>
              <TableCell className="font-mono text-xs break-all">{detail.recordId ?? "—"}</TableCell>
              <TableCell translate="no">{detail.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {details.length > VISIBLE_ERROR_ROWS ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-muted-foreground">
            {hidden > 0
              ? t({ id: "sync.errors.more", message: `and ${more} more` })
              : t({ id: "sync.errors.showing-all", message: `Showing all ${total} records` })}
          </p>
          <Button variant="outline" size="sm" onClick={() => setShowAll((value) => !value)}>
            {showAll
              ? t({ id: "sync.errors.show-first", message: `Show the first ${first}` })
              : t({ id: "sync.errors.show-all", message: `Show all ${total}` })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
