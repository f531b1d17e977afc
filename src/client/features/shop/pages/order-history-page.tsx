import type { ReactNode } from "react";
import { ORDER_STATUSES, type OrderStatus } from "../../../../shared/api/shop";
import { NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { NativeSelect } from "../../../components/native-select";
import { PageHeader } from "../../../components/page-header";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { useSessionUser } from "../../../lib/session";
import { type UrlFilters, useUrlFilters } from "../../../lib/use-url-filters";
import { useOrders } from "../api/get-orders";
import { OrderHistoryCard } from "../components/order-history-card";
import { NoOrders, OrdersLoading } from "../components/order-history-states";
import { ORDER_STATUS_LABELS } from "../components/order-lines";

const TITLE = "Order History";
const DESCRIPTION = "Your orders, newest first: what each was for, its total, and where its payment stands.";

type StatusFilter = OrderStatus | "all";

const isOrderStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly (string | null)[]).includes(value);

/** The state filter lives in the URL (`?status=open`), so reload, Back and a shared link keep it. */
const ORDER_URL_FILTERS: UrlFilters<{ status: StatusFilter }> = {
  parse: (params) => {
    const status = params.get("status");
    return { status: isOrderStatus(status) ? status : "all" };
  },
  serialize: ({ status }) => new URLSearchParams(status === "all" ? {} : { status }),
  empty: { status: "all" },
};

const STATUS_OPTIONS = [
  { value: "all" as const, label: "All states" },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

function Screen({ plans, children }: { plans?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {plans}
      {children}
    </div>
  );
}

/**
 * `plans` is the billing feature's "Your plans" card, which the app places here: a feature never
 * imports another.
 */
export function OrderHistoryPage({ plans }: { plans?: ReactNode }) {
  const { user } = useSessionUser();
  if (!user) {
    return (
      <Screen>
        <SignedOutPanel title="Please log in to view your orders" />
      </Screen>
    );
  }
  return <OrderHistory plans={plans} />;
}

function OrderHistory({ plans }: { plans: ReactNode }) {
  const { filters, setFilters, clearFilters } = useUrlFilters(ORDER_URL_FILTERS);
  const status = filters.status === "all" ? undefined : filters.status;
  const list = useOrders(status);
  const retry = () => void list.refetch();

  if (list.error instanceof ApiError && list.error.status === 401) {
    return (
      <Screen>
        <SignedOutPanel title="Please log in to view your orders" />
      </Screen>
    );
  }

  const filterBar = (
    <NativeSelect
      label="State"
      className="sm:w-56"
      value={filters.status}
      options={STATUS_OPTIONS}
      onChange={(value) => setFilters({ status: value })}
    />
  );

  if (list.isPending) {
    return (
      <Screen plans={plans}>
        {filterBar}
        <OrdersLoading />
      </Screen>
    );
  }
  if (!list.data) {
    return (
      <Screen plans={plans}>
        <ErrorState
          title="Your orders could not be loaded"
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      </Screen>
    );
  }

  const orders = list.data.pages.flatMap((page) => page.orders);
  if (orders.length === 0 && !status) {
    return (
      <Screen plans={plans}>
        <NoOrders />
      </Screen>
    );
  }
  const state = status ? `${ORDER_STATUS_LABELS[status].toLowerCase()} ` : "";
  const count = `${formatCount(orders.length)}${list.hasNextPage ? "+" : ""} ${state}${orders.length === 1 ? "order" : "orders"}`;
  return (
    <Screen plans={plans}>
      {filterBar}
      {list.isRefetchError ? (
        <ErrorState
          title="Your orders could not be refreshed"
          note="The list below may be out of date."
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {count}
      </p>
      {orders.length === 0 ? (
        <NoMatches title={`No ${state}orders`} clearLabel="Show all orders" onClear={clearFilters} />
      ) : (
        <ul aria-label="Orders" className="space-y-3">
          {orders.map((order) => (
            <OrderHistoryCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      {list.isFetchNextPageError ? (
        <ErrorState
          title="More orders could not be loaded"
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
          {list.isFetchingNextPage ? <Spinner label="Loading more orders" className="size-4" /> : null}
          Show more orders
        </Button>
      ) : null}
    </Screen>
  );
}
