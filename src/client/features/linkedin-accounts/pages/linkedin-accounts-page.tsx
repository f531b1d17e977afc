import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useDeferredValue, useMemo } from "react";
import type { UserSyncResponse } from "../../../../shared/api/sync";
import { NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { useSessionUser } from "../../../lib/session";
import { toast } from "../../../lib/use-toast";
import { useUrlFilters } from "../../../lib/use-url-filters";
import { useLinkedinAccounts } from "../api/get-linkedin-accounts";
import { useSyncLinkedinAccounts } from "../api/sync-linkedin-accounts";
import { AccountCounters } from "../components/account-counters";
import { ACCOUNT_URL_FILTERS, filterAccounts, indexAccounts, pageOf } from "../components/account-filters";
import { AccountsLoading, NoAccounts } from "../components/account-list-states";
import { AccountsList } from "../components/accounts-list";
import { ExportButton } from "../components/export-button";
import { FiltersBar } from "../components/filters-bar";
import { Pagination } from "../components/pagination";
import { SyncNowButton } from "../components/sync-now-button";

const TITLE = msg({ id: "accounts.title", message: "Your LinkedIn Accounts" });
const DESCRIPTION = msg({
  id: "accounts.description",
  message: "Every LinkedIn account delivered to you, with its status and login details.",
});
const SIGNED_OUT = msg({
  id: "accounts.signed-out",
  message: "Please log in to view your LinkedIn accounts",
});
const SYNC_FAILED = msg({ id: "accounts.sync.failed", message: "Sync Failed" });

// The sync's toasts are the mutation's own, shown even after the customer has left the page: they
// speak through the browser's instance when they are shown.
function syncCompleted(response: UserSyncResponse) {
  const count = response.result.synced;
  if (response.success) {
    toast({
      title: i18n._(msg({ id: "accounts.sync.done", message: "Sync Completed" })),
      description: i18n._(
        msg({
          id: "accounts.sync.done-text",
          message: plural(count, {
            one: "Successfully synced # LinkedIn account",
            other: "Successfully synced # LinkedIn accounts",
          }),
        }),
      ),
    });
  } else {
    toast({ variant: "destructive", title: i18n._(SYNC_FAILED), description: response.message });
  }
}

function syncFailed(error: Error) {
  toast({
    variant: "destructive",
    title: i18n._(SYNC_FAILED),
    description: failureText(
      error,
      i18n._(msg({ id: "accounts.sync.failed-text", message: "The sync could not be completed" })),
    ),
  });
}

export function LinkedinAccountsPage() {
  const { i18n } = useLingui();
  const { user } = useSessionUser();
  // The signed-in area renders this page only with a user; without one it is the signed-out message.
  if (!user) {
    return (
      <Screen>
        <SignedOutPanel title={i18n._(SIGNED_OUT)} />
      </Screen>
    );
  }
  return <AccountsScreen uid={user.uid} />;
}

function Screen({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader title={i18n._(TITLE)} description={i18n._(DESCRIPTION)} actions={actions} />
      {children}
    </div>
  );
}

function AccountsScreen({ uid }: { uid: string }) {
  const { t, i18n } = useLingui();
  const list = useLinkedinAccounts(uid);
  const sync = useSyncLinkedinAccounts(uid, { onSuccess: syncCompleted, onError: syncFailed });
  const { filters, setFilters, clearFilters } = useUrlFilters(ACCOUNT_URL_FILTERS);
  const setPage = (page: number) => setFilters({ page });
  // Typing stays responsive on a big list: the table catches up with the search a moment later.
  const q = useDeferredValue(filters.q);

  // The list is rendered as a transition once it arrives, in slices that keep the page responsive
  // while dozens of account cards are built (decision 013); until then the loading state shows.
  // Also when the list is already there as the screen mounts (the first load asks for it with the
  // session): the header and the loading state paint first, the cards follow.
  const accounts = useDeferredValue(list.data ?? null, null);
  const index = useMemo(() => (accounts ? indexAccounts(accounts) : []), [accounts]);
  const filtered = useMemo(
    () => filterAccounts(index, { q, status: filters.status, type: filters.type }),
    [index, q, filters.status, filters.type],
  );
  const page = pageOf(filtered, filters.page);

  const startSync = () => sync.mutate();
  const screen = (children: ReactNode) => (
    <Screen actions={<SyncNowButton syncing={sync.isPending} onSync={startSync} />}>{children}</Screen>
  );

  if (list.error instanceof ApiError && list.error.status === 401) {
    return screen(<SignedOutPanel title={i18n._(SIGNED_OUT)} />);
  }
  if (list.isPending || (list.data && !accounts)) return screen(<AccountsLoading />);
  if (!accounts) {
    return screen(
      <ErrorState
        title={t({ id: "accounts.load-failed", message: "Failed to load your LinkedIn accounts" })}
        error={list.error}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />,
    );
  }

  return screen(
    <>
      {list.error ? (
        // An earlier answer is still shown; the 30-second refresh failed.
        <ErrorState
          title={t({
            id: "accounts.refresh-failed",
            message: "Your LinkedIn accounts could not be refreshed",
          })}
          note={t({ id: "accounts.refresh-failed-note", message: "The list below may be out of date." })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <AccountCounters accounts={accounts} />
      {accounts.length === 0 ? (
        <NoAccounts syncing={sync.isPending} onSync={startSync} />
      ) : (
        <div className="space-y-4">
          <FiltersBar filters={filters} onChange={setFilters} />
          <ExportButton uid={uid} accounts={filtered} />
          {filtered.length === 0 ? (
            <NoMatches
              title={t({ id: "accounts.no-matches", message: "No accounts match your search and filters" })}
              onClear={clearFilters}
            />
          ) : (
            <AccountsList
              accounts={page.items}
              footer={
                <Pagination
                  from={page.from}
                  to={page.to}
                  total={filtered.length}
                  page={page.page}
                  pageCount={page.pageCount}
                  onPageChange={setPage}
                />
              }
            />
          )}
        </div>
      )}
    </>,
  );
}
