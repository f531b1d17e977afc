import type { ReactNode } from "react";
import { REQUEST_STATUSES } from "../../../../shared/api/replacement-requests";
import { NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { NativeSelect } from "../../../components/native-select";
import { PageHeader } from "../../../components/page-header";
import { REQUEST_STATUS_LABELS } from "../../../components/request-words";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { useSessionUser } from "../../../lib/session";
import { type UrlFilters, useUrlFilters } from "../../../lib/use-url-filters";
import { type RequestStatusFilter, useReplacementRequests } from "../api/get-replacement-requests";
import { RequestCard } from "../components/request-card";
import { NoRequests, RequestsLoading } from "../components/request-list-states";

const TITLE = "Requests";
const DESCRIPTION = "The problems you reported with your accounts, and what the operator does about them.";
const SIGNED_OUT = "Please log in to view your requests";

type StatusChoice = RequestStatusFilter | "all";

const STATUS_OPTIONS: { value: StatusChoice; label: string; words: string }[] = [
  { value: "all", label: "All", words: "" },
  { value: "open", label: "Open", words: "open " },
  ...REQUEST_STATUSES.map((status) => ({
    value: status,
    label: REQUEST_STATUS_LABELS[status],
    words: `${REQUEST_STATUS_LABELS[status].toLowerCase()} `,
  })),
];

const isStatusChoice = (value: string | null): value is StatusChoice =>
  STATUS_OPTIONS.some((option) => option.value === value);

/** The status filter lives in the URL (`?status=open`), so reload, Back and a shared link keep it. */
const REQUEST_URL_FILTERS: UrlFilters<{ status: StatusChoice }> = {
  parse: (params) => {
    const status = params.get("status");
    return { status: isStatusChoice(status) ? status : "all" };
  },
  serialize: ({ status }) => new URLSearchParams(status === "all" ? {} : { status }),
  empty: { status: "all" },
};

function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {children}
    </div>
  );
}

export function ReplacementRequestsPage() {
  const { user } = useSessionUser();
  // The signed-in area renders this page only with a user; without one it is the signed-out message.
  if (!user) {
    return (
      <Screen>
        <SignedOutPanel title={SIGNED_OUT} />
      </Screen>
    );
  }
  return <RequestsScreen />;
}

function RequestsScreen() {
  const { filters, setFilters, clearFilters } = useUrlFilters(REQUEST_URL_FILTERS);
  const status = filters.status === "all" ? undefined : filters.status;
  const list = useReplacementRequests(status);
  const retry = () => void list.refetch();

  if (list.error instanceof ApiError && list.error.status === 401) {
    return (
      <Screen>
        <SignedOutPanel title={SIGNED_OUT} />
      </Screen>
    );
  }

  const filterBar = (
    <NativeSelect
      label="Status"
      className="sm:w-56"
      value={filters.status}
      options={STATUS_OPTIONS}
      onChange={(value) => setFilters({ status: value })}
    />
  );

  if (list.isPending) {
    return (
      <Screen>
        {filterBar}
        <RequestsLoading />
      </Screen>
    );
  }
  if (!list.data) {
    return (
      <Screen>
        <ErrorState
          title="Your requests could not be loaded"
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      </Screen>
    );
  }

  const requests = list.data.pages.flatMap((page) => page.requests);
  if (requests.length === 0 && !status) {
    return (
      <Screen>
        <NoRequests />
      </Screen>
    );
  }
  const words = STATUS_OPTIONS.find((option) => option.value === filters.status)?.words ?? "";
  const count = `${formatCount(requests.length)}${list.hasNextPage ? "+" : ""} ${words}${requests.length === 1 ? "request" : "requests"}`;
  return (
    <Screen>
      {filterBar}
      {list.isRefetchError ? (
        <ErrorState
          title="Your requests could not be refreshed"
          note="The list below may be out of date."
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {count}
      </p>
      {requests.length === 0 ? (
        <NoMatches title={`No ${words}requests`} clearLabel="Show all requests" onClear={clearFilters} />
      ) : (
        <ul aria-label="Requests" className="space-y-3">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
      {list.isFetchNextPageError ? (
        <ErrorState
          title="More requests could not be loaded"
          error={list.error}
          retrying={list.isFetchingNextPage}
          onRetry={() => void list.fetchNextPage()}
        />
      ) : list.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? <Spinner label="Loading more requests" className="size-4" /> : null}
          Load more requests
        </Button>
      ) : null}
    </Screen>
  );
}
