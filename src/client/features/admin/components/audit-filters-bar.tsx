import { useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { AUDIT_EVENT_KIND_NAMES } from "../../../../shared/audit/audit-kinds";
import { NativeSelect } from "../../../components/native-select";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { AUDIT_KIND_WORDS } from "./admin-words";
import type { AuditFilters } from "./audit-filters";

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
  const { t, i18n } = useLingui();
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
    <search aria-label={t({ id: "admin.audit.filters", message: "Filter the audit log" })}>
      <form
        onSubmit={apply}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_14rem_10rem_10rem] lg:items-start"
      >
        <Field
          label={t({ id: "admin.audit.filter-customer", message: "Customer" })}
          hint={t({
            id: "admin.audit.filter-customer-hint",
            message: "UID or email: what they did, and what was done to them",
          })}
        >
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
        <Field
          label={t({ id: "admin.audit.filter-actor", message: "Done by" })}
          hint={t({ id: "admin.audit.filter-actor-hint", message: "UID or email of whoever did it" })}
        >
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
          label={t({ id: "admin.audit.filter-kind", message: "Kind" })}
          value={filters.kind}
          options={[
            { value: "" as const, label: t({ id: "admin.audit.filter-kind-all", message: "All kinds" }) },
            ...AUDIT_EVENT_KIND_NAMES.map((kind) => ({ value: kind, label: i18n._(AUDIT_KIND_WORDS[kind]) })),
          ]}
          onChange={(kind) => onChange({ kind })}
        />
        <Field label={t({ id: "admin.audit.filter-from", message: "From" })}>
          {(id) => (
            <Input
              id={id}
              type="date"
              value={filters.from}
              onChange={(event) => onChange({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label={t({ id: "admin.audit.filter-to", message: "To" })}>
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
          <Button type="submit">{t({ id: "admin.audit.filter-apply", message: "Apply" })}</Button>
          <Button type="button" variant="outline" onClick={onClear}>
            {t({ id: "admin.audit.filter-clear", message: "Clear filters" })}
          </Button>
          {children}
        </div>
      </form>
    </search>
  );
}
