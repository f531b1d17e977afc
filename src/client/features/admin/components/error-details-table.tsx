import { useState } from "react";
import type { SyncErrorDetail } from "../../../../shared/api/sync";
import { ScrollRegion } from "../../../components/scroll-region";
import { Button } from "../../../components/ui/button";
import { formatCount } from "../../../lib/format";

/** A big base can fail on hundreds of records; the table shows this many until asked for all. */
export const VISIBLE_ERROR_ROWS = 50;

/** The records a run could not sync: which table, which record of the base, and why. */
export function ErrorDetailsTable({ details }: { details: SyncErrorDetail[] }) {
  const [showAll, setShowAll] = useState(false);
  const visible = showAll ? details : details.slice(0, VISIBLE_ERROR_ROWS);
  const hidden = details.length - visible.length;

  return (
    <div className="space-y-3">
      <ScrollRegion label="Error details table" className="max-h-[32rem]">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Error details</caption>
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Table
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Record
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Message
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {visible.map((detail, index) => (
              // Records may repeat (one record failing in two ways) and may have no id, so the position is the key.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced as a whole, never reordered
              <tr key={index} className="align-top">
                <td className="px-3 py-2 whitespace-nowrap">{detail.table}</td>
                <td className="px-3 py-2 font-mono text-xs break-all">{detail.recordId ?? "—"}</td>
                <td className="px-3 py-2">{detail.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {details.length > VISIBLE_ERROR_ROWS ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-muted-foreground">
            {hidden > 0
              ? `and ${formatCount(hidden)} more`
              : `Showing all ${formatCount(details.length)} records`}
          </p>
          <Button variant="outline" size="sm" onClick={() => setShowAll((value) => !value)}>
            {showAll ? `Show the first ${VISIBLE_ERROR_ROWS}` : `Show all ${formatCount(details.length)}`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
