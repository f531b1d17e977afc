import { type ReactNode, useDeferredValue, useMemo, useRef } from "react";
import type { TransactionList } from "../../../../shared/api/transactions";
import { NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { ApiError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { useSessionUser } from "../../../lib/session";
import { useUrlFilters } from "../../../lib/use-url-filters";
import { useTransactions } from "../api/get-transactions";
import { ExportCsvButton } from "../components/export-csv-button";
import { ManageBillingButton, NO_BILLING_ACCOUNT_TEXT } from "../components/manage-billing-button";
import { TransactionCard } from "../components/transaction-card";
import { TransactionFiltersBar } from "../components/transaction-filters-bar";
import {
  eventTypeOptions,
  filterTransactions,
  isFiltered,
  TRANSACTION_URL_FILTERS,
} from "../components/transaction-format";
import { NoTransactions, TransactionsLoading } from "../components/transaction-list-states";
import { YourPlansCard } from "../components/your-plans-card";

const TITLE = "Transaction History";
const DESCRIPTION = "Your payments, refunds and receipts.";

// Spec section 8.
const LOAD_FAILED_TITLE = "Error Loading Transactions";
const LOAD_FAILED_TEXT = "Failed to load transactions. Please try again later.";
const SIGNED_OUT_TITLE = "Authentication Required";
const SIGNED_OUT_TEXT = "Please log in to view your transactions.";

function Screen({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} actions={actions} />
      {children}
    </div>
  );
}

export function TransactionsPage() {
  const { user } = useSessionUser();
  // The signed-in area renders this page only with a user; without one it is the signed-out message.
  if (!user) {
    return (
      <Screen>
        <SignedOutPanel title={SIGNED_OUT_TITLE}>{SIGNED_OUT_TEXT}</SignedOutPanel>
      </Screen>
    );
  }
  return <TransactionsScreen uid={user.uid} />;
}

function TransactionsScreen({ uid }: { uid: string }) {
  const list = useTransactions(uid);
  const retry = () => void list.refetch();

  if (list.error instanceof ApiError && list.error.status === 401) {
    return (
      <Screen>
        <SignedOutPanel title={SIGNED_OUT_TITLE}>{SIGNED_OUT_TEXT}</SignedOutPanel>
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
  if (!list.data) {
    return (
      <Screen>
        <ErrorState
          title={LOAD_FAILED_TITLE}
          note={LOAD_FAILED_TEXT}
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      </Screen>
    );
  }

  const { data } = list;
  const { billingAccount } = data;
  return (
    <Screen actions={billingAccount === "ready" ? <ManageBillingButton /> : undefined}>
      {billingAccount === "ready" ? null : (
        <p className="text-sm text-muted-foreground">{NO_BILLING_ACCOUNT_TEXT[billingAccount]}</p>
      )}
      {list.error ? (
        // An earlier answer is still shown; loading it again failed.
        <ErrorState
          title="Your transactions could not be refreshed"
          note="The list below may be out of date."
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      ) : null}
      <YourPlansCard />
      {data.transactions.length === 0 ? <NoTransactions /> : <TransactionsList data={data} />}
    </Screen>
  );
}

function TransactionsList({ data }: { data: TransactionList }) {
  const { filters, setFilters, clearFilters } = useUrlFilters(TRANSACTION_URL_FILTERS);
  const searchRef = useRef<HTMLInputElement>(null);
  // Typing stays responsive on a long history: the cards catch up with the search a moment later.
  const q = useDeferredValue(filters.q);
  const { transactions } = data;
  const shown = useMemo(
    () => filterTransactions(transactions, { eventType: filters.eventType, q }),
    [transactions, filters.eventType, q],
  );
  const eventTypes = useMemo(
    () => eventTypeOptions(transactions, filters.eventType),
    [transactions, filters.eventType],
  );
  const count = (n: number) => `${formatCount(n)} ${n === 1 ? "transaction" : "transactions"}`;

  return (
    <div className="space-y-4">
      <TransactionFiltersBar
        filters={filters}
        eventTypes={eventTypes}
        onChange={setFilters}
        searchRef={searchRef}
      >
        <ExportCsvButton filters={filters} />
      </TransactionFiltersBar>
      <p role="status" className="text-sm text-muted-foreground">
        {isFiltered(filters)
          ? `Showing ${formatCount(shown.length)} of ${count(transactions.length)}`
          : count(transactions.length)}
      </p>
      {shown.length === 0 ? (
        <NoMatches
          title="No transactions match your search and filter"
          clearLabel="Clear search and filter"
          onClear={() => {
            clearFilters();
            // The button goes with the message: focus goes back to where a new search starts.
            searchRef.current?.focus();
          }}
        />
      ) : (
        <ul aria-label="Transactions" className="space-y-3">
          {shown.map((transaction) => (
            <TransactionCard key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      )}
      {data.total > transactions.length ? (
        <p className="text-sm text-muted-foreground">
          {`The list shows your newest ${formatCount(transactions.length)} of ${formatCount(data.total)} transactions. Export CSV includes all of them.`}
        </p>
      ) : null}
    </div>
  );
}
