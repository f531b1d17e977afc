import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
} from "../../../../shared/linkedin-account-rules";
import { NativeSelect } from "../../../components/native-select";
import { SearchBox } from "../../../components/search-box";
import type { AccountFilters, StatusFilter, TypeFilter } from "./account-filters";

const STATUS_OPTIONS = [
  { value: "all", label: "All Statuses" },
  ...ACCOUNT_STATUSES.map((status) => ({ value: status, label: ACCOUNT_STATUS_LABELS[status] })),
] as const satisfies readonly { value: StatusFilter; label: string }[];

const TYPE_OPTIONS = [
  { value: "all", label: "All Types" },
  ...ACCOUNT_TYPES.map((type) => ({ value: type, label: ACCOUNT_TYPE_LABELS[type] })),
] as const satisfies readonly { value: TypeFilter; label: string }[];

/** Search, Status and Type, kept in the URL by the page. */
export function FiltersBar({
  filters,
  onChange,
}: {
  filters: AccountFilters;
  onChange: (patch: Partial<Omit<AccountFilters, "page">>) => void;
}) {
  return (
    <search aria-label="Filter accounts" className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem] sm:items-end">
      <SearchBox
        value={filters.q}
        onChange={(q) => onChange({ q })}
        placeholder="Email, name, location or industry"
      />
      <NativeSelect<StatusFilter>
        label="Status"
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status })}
      />
      <NativeSelect<TypeFilter>
        label="Type"
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(type) => onChange({ type })}
      />
    </search>
  );
}
