import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { AuditEntry, AuditPerson } from "../../../../shared/api/audit";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDateTime } from "../../../lib/format";
import { useMediaQuery } from "../../../lib/use-media-query";
import { AUDIT_KIND_WORDS } from "./admin-words";

/** Wide enough for the table's six columns; narrower, each entry is a card. */
const TABLE_QUERY = "(min-width: 48rem)";

/** A user as the log names them: a link to their customer page, or what stands for no one. */
function Person({ who, none }: { who: AuditPerson; none: string }) {
  if (!who) return <span className="text-muted-foreground">{none}</span>;
  return (
    <span className="flex min-w-0 flex-col">
      <Link
        to={`/admin/customers/${encodeURIComponent(who.uid)}`}
        className="truncate font-medium underline-offset-4 hover:underline"
      >
        {who.name}
      </Link>
      <span className="truncate text-xs text-muted-foreground" title={who.email}>
        {who.email}
      </span>
    </span>
  );
}

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/**
 * The detail and what it was done to, on one line or two. Both are records, written when the event
 * happened: `translate="no"` says so to the browser's translation and the pages' language check.
 */
function Detail({ entry }: { entry: AuditEntry }) {
  if (!entry.detail && !entry.target) return <span className="text-muted-foreground">—</span>;
  return (
    <span translate="no" className="flex min-w-0 flex-col break-words">
      {entry.detail ? <span>{entry.detail}</span> : null}
      {entry.target ? <span className="text-xs text-muted-foreground">{entry.target}</span> : null}
    </span>
  );
}

function EntryTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useLingui();
  const portal = t({ id: "admin.audit.actor-portal", message: "The portal" });
  return (
    <Table scrollLabel={t({ id: "admin.audit.entries", message: "Audit log entries" })}>
      <TableHeader>
        <TableRow>
          <TableHead>{t({ id: "admin.audit.when", message: "When" })}</TableHead>
          <TableHead>{t({ id: "admin.audit.what", message: "What" })}</TableHead>
          <TableHead>{t({ id: "admin.audit.who", message: "Who" })}</TableHead>
          <TableHead>{t({ id: "admin.audit.whom", message: "Whom" })}</TableHead>
          <TableHead>{t({ id: "admin.audit.detail", message: "Detail" })}</TableHead>
          <TableHead>{t({ id: "admin.audit.from-where", message: "From where" })}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} data-kind={entry.kind}>
            <TableCell className="whitespace-nowrap">
              <When at={entry.at} />
            </TableCell>
            <TableCell>{i18n._(AUDIT_KIND_WORDS[entry.kind])}</TableCell>
            <TableCell className="max-w-56">
              <Person who={entry.actor} none={portal} />
            </TableCell>
            <TableCell className="max-w-56">
              <Person who={entry.subject} none="—" />
            </TableCell>
            <TableCell className="max-w-72">
              <Detail entry={entry} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{entry.ipAddress ?? "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EntryCards({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useLingui();
  const portal = t({ id: "admin.audit.actor-portal", message: "The portal" });
  return (
    <ul aria-label={t({ id: "admin.audit.entries", message: "Audit log entries" })} className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} data-kind={entry.kind} className="space-y-2 rounded-xl border bg-card p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-medium">{i18n._(AUDIT_KIND_WORDS[entry.kind])}</h3>
            <span className="text-xs text-muted-foreground">
              <When at={entry.at} />
            </span>
          </div>
          <dl className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-2">
            <dt className="text-muted-foreground">{t({ id: "admin.audit.who", message: "Who" })}</dt>
            <dd className="min-w-0">
              <Person who={entry.actor} none={portal} />
            </dd>
            <dt className="text-muted-foreground">{t({ id: "admin.audit.whom", message: "Whom" })}</dt>
            <dd className="min-w-0">
              <Person who={entry.subject} none="—" />
            </dd>
            <dt className="text-muted-foreground">{t({ id: "admin.audit.detail", message: "Detail" })}</dt>
            <dd className="min-w-0">
              <Detail entry={entry} />
            </dd>
            <dt className="text-muted-foreground">
              {t({ id: "admin.audit.from-where", message: "From where" })}
            </dt>
            <dd className="min-w-0 break-all">{entry.ipAddress ?? "—"}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The entries as a table on a wide screen, as cards on a phone. */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  const wide = useMediaQuery(TABLE_QUERY);
  return wide ? <EntryTable entries={entries} /> : <EntryCards entries={entries} />;
}
