import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useMemo, useRef } from "react";
import type { Transaction, TransactionList } from "../../../../shared/api/transactions";
import { NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { ApiError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { useSessionUser } from "../../../lib/session";
import { useRested } from "../../../lib/use-rested";
import { useUrlFilters } from "../../../lib/use-url-filters";
import { useTransactions } from "../api/get-transactions";
import { ExportCsvButton } from "../components/export-csv-button";
import { LoadMoreTransactions } from "../components/load-more-transactions";
import { ManageBillingButton, NO_BILLING_ACCOUNT_TEXT } from "../components/manage-billing-button";
import { TransactionCard } from "../components/transaction-card";
import { TransactionFiltersBar } from "../components/transaction-filters-bar";
import {
  eventTypeOptions,
  isFiltered,
  TRANSACTION_URL_FILTERS,
  type TransactionFilters,
} from "../components/transaction-format";
import { NoTransactions, TransactionsLoading } from "../components/transaction-list-states";
import { YourPlansCard } from "../components/your-plans-card";

const TITLE = msg({ id: "billing.transactions.title", message: "Transaction History" });
const DESCRIPTION = msg({
  id: "billing.transactions.description",
  message: "Your payments, refunds and receipts.",
});

// Spec section 8.
const LOAD_FAILED_TITLE = msg({
  id: "billing.transactions.load-failed-title",
  message: "Error Loading Transactions",
});
const LOAD_FAILED_TEXT = msg({
  id: "billing.transactions.load-failed-text",
  message: "Failed to load transactions. Please try again later.",
});
const SIGNED_OUT_TITLE = msg({
  id: "billing.transactions.signed-out-title",
  message: "Authentication Required",
});
const SIGNED_OUT_TEXT = msg({
  id: "billing.transactions.signed-out-text",
  message: "Please log in to view your transactions.",
});

function Screen({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader title={i18n._(TITLE)} description={i18n._(DESCRIPTION)} actions={actions} />
      {children}
    </div>
  );
}

export function TransactionsPage() {
  const { i18n } = useLingui();
  const { user } = useSessionUser();
  // The signed-in area renders this page only with a user; without one it is the signed-out message.
  if (!user) {
    return (
      <Screen>
        <SignedOutPanel title={i18n._(SIGNED_OUT_TITLE)}>{i18n._(SIGNED_OUT_TEXT)}</SignedOutPanel>
      </Screen>
    );
  }
  return <TransactionsScreen uid={user.uid} />;
}

/** How long typing in the search pauses before the server is asked. */
const SEARCH_PAUSE_MS = 250;

function TransactionsScreen({ uid }: { uid: string }) {
  const { i18n, t } = useLingui();
  const { filters, setFilters, clearFilters } = useUrlFilters(TRANSACTION_URL_FILTERS);
  // The type is asked for at once; a search once typing pauses (the server filters, decision 043).
  const q = useRested(filters.q, SEARCH_PAUSE_MS);
  const asked = useMemo(() => ({ eventType: filters.eventType, q }), [filters.eventType, q]);
  const list = useTransactions(uid, asked);
  const retry = () => void list.refetch();

  if (list.error instanceof ApiError && list.error.status === 401) {
    return (
      <Screen>
        <SignedOutPanel title={i18n._(SIGNED_OUT_TITLE)}>{i18n._(SIGNED_OUT_TEXT)}</SignedOutPanel>
      </Screen>
    );
  }
  if (list.isPending) {
    return (
      <Screen>
        <TransactionsLoading />
      </Screen>
    );
  }
  const first = list.data?.pages[0];
  if (!list.data || !first) {
    return (
      <Screen>
        <ErrorState
          title={i18n._(LOAD_FAILED_TITLE)}
          note={i18n._(LOAD_FAILED_TEXT)}
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      </Screen>
    );
  }

  const { billingAccount } = first;
  const transactions = list.data.pages.flatMap((page) => page.transactions);
  return (
    <Screen actions={billingAccount === "ready" ? <ManageBillingButton /> : undefined}>
      {billingAccount === "ready" ? null : (
        <p className="text-sm text-muted-foreground">{i18n._(NO_BILLING_ACCOUNT_TEXT[billingAccount])}</p>
      )}
      {list.error && !list.isFetchNextPageError ? (
        // An earlier answer is still shown; loading it again failed.
        <ErrorState
          title={t({
            id: "billing.transactions.refresh-failed",
            message: "Your transactions could not be refreshed",
          })}
          note={t({ id: "billing.transactions.out-of-date", message: "The list below may be out of date." })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      ) : null}
      <YourPlansCard />
      {first.total === 0 ? (
        <NoTransactions />
      ) : (
        <div className="space-y-4">
          <TransactionsList
            first={first}
            transactions={transactions}
            filters={filters}
            updating={list.isPlaceholderData}
            onChange={setFilters}
            onClear={clearFilters}
          />
          <LoadMoreTransactions
            loaded={transactions.length}
            matching={first.matching}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            error={list.error}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </div>
      )}
    </Screen>
  );
}

function TransactionsList({
  first,
  transactions,
  filters,
  updating,
  onChange,
  onClear,
}: {
  /** The first page: the counts and event types of the whole history. */
  first: TransactionList;
  /** Every row of the pages loaded so far. */
  transactions: Transaction[];
  filters: TransactionFilters;
  /** The rows are still those of the filters before, while the new ones load. */
  updating: boolean;
  onChange: (patch: Partial<TransactionFilters>) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const searchRef = useRef<HTMLInputElement>(null);
  const eventTypes = useMemo(
    () =>
      eventTypeOptions(
        first.eventTypes.map((eventType) => ({ eventType })),
        filters.eventType,
      ),
    [first.eventTypes, filters.eventType],
  );
  const filtered = first.matching !== first.total || isFiltered(filters);
  const total = first.total;
  const totalText = formatCount(total);
  const matchingText = formatCount(first.matching);
  const countText = filtered
    ? t({
        id: "billing.transactions.count-filtered",
        message: plural(total, {
          one: `Showing ${matchingText} of ${totalText} transaction`,
          other: `Showing ${matchingText} of ${totalText} transactions`,
        }),
      })
    : t({
        id: "billing.transactions.count",
        message: plural(total, { one: `${totalText} transaction`, other: `${totalText} transactions` }),
      });

  return (
    <div className="space-y-4">
      <TransactionFiltersBar
        filters={filters}
        eventTypes={eventTypes}
        onChange={onChange}
        searchRef={searchRef}
      >
        <ExportCsvButton filters={filters} />
      </TransactionFiltersBar>
      <p role="status" className="text-sm text-muted-foreground">
        {countText}
      </p>
      {transactions.length === 0 ? (
        <NoMatches
          title={t({
            id: "billing.transactions.no-matches",
            message: "No transactions match your search and filter",
          })}
          clearLabel={t({ id: "billing.transactions.clear-filters", message: "Clear search and filter" })}
          onClear={() => {
            onClear();
            // The button goes with the message: focus goes back to where a new search starts.
            searchRef.current?.focus();
          }}
        />
      ) : (
        <ul
          aria-label={t({ id: "billing.transactions.list-label", message: "Transactions" })}
          aria-busy={updating || undefined}
          className={`space-y-3 ${updating ? "opacity-60 transition-opacity" : ""}`}
        >
          {transactions.map((transaction) => (
            <TransactionCard key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      )}
    </div>
  );
}
