import { useLingui } from "@lingui/react/macro";
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
} from "../../../../shared/linkedin-account-rules";
import { NativeSelect, type SelectOption } from "../../../components/native-select";
import { SearchBox } from "../../../components/search-box";
import type { AccountFilters, StatusFilter, TypeFilter } from "./account-filters";
import { ACCOUNT_STATUS_WORDS } from "./account-words";

// The types are product names, the same in every language.
const TYPE_OPTIONS = ACCOUNT_TYPES.map((type) => ({ value: type, label: ACCOUNT_TYPE_LABELS[type] }));

/** Search, Status and Type, kept in the URL by the page. */
export function FiltersBar({
  filters,
  onChange,
}: {
  filters: AccountFilters;
  onChange: (patch: Partial<Omit<AccountFilters, "page">>) => void;
}) {
  const { t, i18n } = useLingui();
  const statusOptions: SelectOption<StatusFilter>[] = [
    { value: "all", label: t({ id: "accounts.filters.all-statuses", message: "All Statuses" }) },
    ...ACCOUNT_STATUSES.map((status) => ({ value: status, label: i18n._(ACCOUNT_STATUS_WORDS[status]) })),
  ];
  const typeOptions: SelectOption<TypeFilter>[] = [
    { value: "all", label: t({ id: "accounts.filters.all-types", message: "All Types" }) },
    ...TYPE_OPTIONS,
  ];
  return (
    <search
      aria-label={t({ id: "accounts.filters.label", message: "Filter accounts" })}
      className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem] sm:items-end"
    >
      <SearchBox
        value={filters.q}
        onChange={(q) => onChange({ q })}
        placeholder={t({
          id: "accounts.filters.search-placeholder",
          message: "Email, name, location or industry",
        })}
      />
      <NativeSelect<StatusFilter>
        label={t({ id: "accounts.filters.status", message: "Status" })}
        value={filters.status}
        options={statusOptions}
        onChange={(status) => onChange({ status })}
      />
      <NativeSelect<TypeFilter>
        label={t({ id: "accounts.filters.type", message: "Type" })}
        value={filters.type}
        options={typeOptions}
        onChange={(type) => onChange({ type })}
      />
    </search>
  );
}
