import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { AUDIT_EVENT_KIND_NAMES, AUDIT_EVENT_KINDS } from "../../../../shared/audit/audit-kinds";
import { NativeSelect } from "../../../components/native-select";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import type { AuditFilters } from "./audit-filters";

const KIND_OPTIONS = [
  { value: "" as const, label: "All kinds" },
  ...AUDIT_EVENT_KIND_NAMES.map((kind) => ({ value: kind, label: AUDIT_EVENT_KINDS[kind] })),
];

function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string, hintId: string | undefined) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children(id, hint ? hintId : undefined)}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The log's filters: who (customer, actor) is typed and applied with Apply or Enter, since a half
 * typed UID names no one; the kind and the days apply as they change. The page keeps them in the URL.
 */
export function AuditFiltersBar({
  filters,
  onChange,
  onClear,
  children,
}: {
  filters: AuditFilters;
  onChange: (patch: Partial<AuditFilters>) => void;
  onClear: () => void;
  /** At the end of the bar (Export CSV). */
  children?: ReactNode;
}) {
  const [customer, setCustomer] = useState(filters.customer);
  const [actor, setActor] = useState(filters.actor);
  // Back, a link or Clear changes the URL: the fields follow it.
  useEffect(() => setCustomer(filters.customer), [filters.customer]);
  useEffect(() => setActor(filters.actor), [filters.actor]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange({ customer: customer.trim(), actor: actor.trim() });
  };
  return (
    <search aria-label="Filter the audit log">
      <form
        onSubmit={apply}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_14rem_10rem_10rem] lg:items-start"
      >
        <Field label="Customer" hint="UID or email: what they did, and what was done to them">
          {(id, hintId) => (
            <Input
              id={id}
              aria-describedby={hintId}
              value={customer}
              maxLength={255}
              autoComplete="off"
              onChange={(event) => setCustomer(event.target.value)}
              placeholder="customer@example.com"
            />
          )}
        </Field>
        <Field label="Done by" hint="UID or email of whoever did it">
          {(id, hintId) => (
            <Input
              id={id}
              aria-describedby={hintId}
              value={actor}
              maxLength={255}
              autoComplete="off"
              onChange={(event) => setActor(event.target.value)}
              placeholder="admin@example.com"
            />
          )}
        </Field>
        <NativeSelect
          label="Kind"
          value={filters.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => onChange({ kind })}
        />
        <Field label="From">
          {(id) => (
            <Input
              id={id}
              type="date"
              value={filters.from}
              onChange={(event) => onChange({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label="To">
          {(id) => (
            <Input
              id={id}
              type="date"
              value={filters.to}
              onChange={(event) => onChange({ to: event.target.value })}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit">Apply</Button>
          <Button type="button" variant="outline" onClick={onClear}>
            Clear filters
          </Button>
          {children}
        </div>
      </form>
    </search>
  );
}
