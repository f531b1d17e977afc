import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Users } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { CUSTOMER_SEARCH_MAX } from "../../../../shared/api/admin-customers";
import { EmptyState, NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadMoreFooter } from "../../../components/load-more-footer";
import { NativeSelect } from "../../../components/native-select";
import { PageHeader } from "../../../components/page-header";
import { SearchBox } from "../../../components/search-box";
import { Spinner } from "../../../components/ui/spinner";
import { formatCount } from "../../../lib/format";
import { type UrlFilters, useUrlFilters } from "../../../lib/use-url-filters";
import { type CustomerListFilters, useCustomers } from "../api/customers-list";
import { CustomersResults } from "../components/customers-results";

/** How long typing rests before the search is asked for. */
const SEARCH_PAUSE_MS = 250;

type YesNo = CustomerListFilters["login"];
const YES_NO_KEYS = ["login", "google", "twoFactor", "unlinked", "failedPayments"] as const;
const asYesNo = (value: string | null): YesNo => (value === "yes" || value === "no" ? value : "");

const EMPTY: CustomerListFilters = {
  q: "",
  login: "",
  google: "",
  twoFactor: "",
  unlinked: "",
  failedPayments: "",
};

/** The search and filters live in the URL (`?q=smith&google=yes`): reload, Back and a shared link keep them. */
const CUSTOMER_URL_FILTERS: UrlFilters<CustomerListFilters> = {
  parse: (params) =>
    ({
      q: (params.get("q") ?? "").slice(0, CUSTOMER_SEARCH_MAX),
      ...Object.fromEntries(YES_NO_KEYS.map((key) => [key, asYesNo(params.get(key))])),
    }) as CustomerListFilters,
  serialize: (filters) =>
    new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== "") as [string, string][]),
  empty: EMPTY,
  typed: ["q"],
};

const FILTERS: {
  key: (typeof YES_NO_KEYS)[number];
  label: MessageDescriptor | string;
  yes: MessageDescriptor;
  no: MessageDescriptor;
}[] = [
  {
    key: "login",
    label: msg({ id: "admin.customers.filter-login", message: "Portal login" }),
    yes: msg({ id: "admin.customers.filter-login-yes", message: "Has a login" }),
    no: msg({ id: "admin.customers.filter-login-no", message: "No login" }),
  },
  {
    key: "google",
    label: "Google",
    yes: msg({ id: "admin.customers.filter-google-yes", message: "Google linked" }),
    no: msg({ id: "admin.customers.filter-google-no", message: "Google not linked" }),
  },
  {
    key: "twoFactor",
    label: msg({ id: "admin.customers.filter-two-factor", message: "Two-factor" }),
    yes: msg({ id: "admin.customers.filter-two-factor-yes", message: "Two-factor on" }),
    no: msg({ id: "admin.customers.filter-two-factor-no", message: "Two-factor off" }),
  },
  {
    key: "unlinked",
    label: msg({ id: "admin.customers.filter-base", message: "Operator's base" }),
    yes: msg({ id: "admin.customers.filter-base-yes", message: "Not in the base" }),
    no: msg({ id: "admin.customers.filter-base-no", message: "In the base" }),
  },
  {
    key: "failedPayments",
    label: msg({ id: "admin.customers.filter-payments", message: "Payments" }),
    yes: msg({ id: "admin.customers.filter-payments-yes", message: "Has failed payments" }),
    no: msg({ id: "admin.customers.filter-payments-no", message: "No failed payments" }),
  },
];

/** The value after it has rested for `ms`, so a search is asked for once typing pauses. */
function useRested<T>(value: T, ms: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setRested(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return rested;
}

export function CustomersPage() {
  const { t, i18n } = useLingui();
  const { filters, setFilters, clearFilters } = useUrlFilters(CUSTOMER_URL_FILTERS);
  const searchRef = useRef<HTMLInputElement>(null);
  const asked = useRested(filters, SEARCH_PAUSE_MS);
  const list = useCustomers(asked);
  const filtered = Object.values(filters).some((value) => value.trim() !== "");
  const clear = () => {
    clearFilters();
    searchRef.current?.focus();
  };

  const filterBar = (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-6">
      <SearchBox
        label={t({ id: "admin.customers.search", message: "Search customers" })}
        className="sm:col-span-2 xl:col-span-1"
        value={filters.q}
        onChange={(q) => setFilters({ q })}
        placeholder={t({ id: "admin.customers.search-placeholder", message: "Name, email or UID" })}
        maxLength={CUSTOMER_SEARCH_MAX}
        inputRef={searchRef}
      />
      {FILTERS.map((filter) => (
        <NativeSelect
          key={filter.key}
          label={typeof filter.label === "string" ? filter.label : i18n._(filter.label)}
          value={filters[filter.key]}
          options={[
            { value: "", label: t({ id: "admin.customers.filter-any", message: "Any" }) },
            { value: "yes", label: i18n._(filter.yes) },
            { value: "no", label: i18n._(filter.no) },
          ]}
          onChange={(value) => setFilters({ [filter.key]: value })}
        />
      ))}
    </div>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = <Spinner label={t({ id: "admin.customers.loading", message: "Loading customers" })} />;
  } else if (!list.data) {
    body = (
      <ErrorState
        title={t({ id: "admin.customers.load-failed", message: "Customers could not be loaded" })}
        error={list.error}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else {
    const customers = list.data.pages.flatMap((page) => page.customers);
    const total = list.data.pages[0]?.total ?? 0;
    const shown = formatCount(customers.length);
    const all = formatCount(total);
    body = (
      <>
        <p role="status" className="text-sm text-muted-foreground">
          {customers.length < total
            ? t({ id: "admin.customers.showing", message: `Showing ${shown} of ${all} customers` })
            : t({
                id: "admin.customers.count",
                message: plural(total, { one: "# customer", other: "# customers" }),
              })}
          {list.isFetching && !list.isFetchingNextPage
            ? ` · ${t({ id: "admin.customers.updating", message: "updating…" })}`
            : ""}
        </p>
        {customers.length === 0 ? (
          filtered ? (
            <NoMatches
              title={t({
                id: "admin.customers.no-matches",
                message: "No customers match your search and filters",
              })}
              onClear={clear}
            />
          ) : (
            <EmptyState
              icon={<Users aria-hidden="true" />}
              title={t({ id: "admin.customers.empty", message: "No customers yet" })}
            >
              {t({
                id: "admin.customers.empty-text",
                message:
                  "Customers appear here when they register or the sync brings them from the operator's base.",
              })}
            </EmptyState>
          )
        ) : (
          <CustomersResults customers={customers} />
        )}
        <LoadMoreFooter
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          failed={list.isFetchNextPageError}
          error={list.error}
          onLoadMore={() => void list.fetchNextPage()}
          labels={{
            button: t({ id: "admin.customers.show-more", message: "Show more customers" }),
            loading: t({ id: "admin.customers.loading-more", message: "Loading more customers" }),
            failed: t({ id: "admin.customers.more-failed", message: "More customers could not be loaded" }),
          }}
        />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t({ id: "admin.customers.title", message: "Customers" })}
        description={t({
          id: "admin.customers.description",
          message:
            "Everyone with a portal account: search by name, email or UID, and open a customer's page.",
        })}
      />
      {filterBar}
      {body}
    </div>
  );
}
