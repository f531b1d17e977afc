import { useLingui } from "@lingui/react/macro";
import type { ReactNode, Ref } from "react";
import { NativeSelect } from "../../../components/native-select";
import { SearchBox } from "../../../components/search-box";
import { eventTypeLabel, type TransactionFilters } from "./transaction-format";

// The export's query accepts a search this long; the page's search stops at the same length.
const SEARCH_MAX_LENGTH = 200;

/** Search by product and filter by type, kept in the URL by the page; `children` sit at the end (Export CSV). */
export function TransactionFiltersBar({
  filters,
  eventTypes,
  onChange,
  searchRef,
  children,
}: {
  filters: TransactionFilters;
  eventTypes: readonly string[];
  onChange: (patch: Partial<TransactionFilters>) => void;
  /** The search box, for the page to put focus back on after clearing. */
  searchRef?: Ref<HTMLInputElement>;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <search
        aria-label={t({ id: "billing.filters.label", message: "Filter transactions" })}
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-end"
      >
        <SearchBox
          label={t({ id: "billing.filters.search", message: "Search by product" })}
          inputRef={searchRef}
          value={filters.q}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(q) => onChange({ q })}
          placeholder={t({ id: "billing.filters.search-placeholder", message: "e.g. LinkedIn Plus" })}
        />
        <NativeSelect
          label={t({ id: "billing.filters.type", message: "Type" })}
          value={filters.eventType}
          // The customer's words; the value stays the code, which the URL and the export filter by.
          options={[
            { value: "", label: t({ id: "billing.filters.type-all", message: "All" }) },
            ...eventTypes.map((type) => ({ value: type, label: eventTypeLabel(type) })),
          ]}
          onChange={(eventType) => onChange({ eventType })}
        />
      </search>
      {children}
    </div>
  );
}
