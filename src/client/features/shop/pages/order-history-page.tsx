import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { ORDER_STATUSES, type OrderStatus } from "../../../../shared/api/shop";
import { NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadMoreFooter } from "../../../components/load-more-footer";
import { NativeSelect } from "../../../components/native-select";
import { PageHeader } from "../../../components/page-header";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { ApiError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { useSessionUser } from "../../../lib/session";
import { type UrlFilters, useUrlFilters } from "../../../lib/use-url-filters";
import { useOrders } from "../api/get-orders";
import { OrderHistoryCard } from "../components/order-history-card";
import { NoOrders, OrdersLoading } from "../components/order-history-states";
import { ORDER_STATUS_LABELS } from "../components/order-lines";

const TITLE = msg({ id: "shop.order-history", message: "Order History" });
const DESCRIPTION = msg({
  id: "shop.history.description",
  message: "Your orders, newest first: what each was for, its total, and where its payment stands.",
});
const SIGNED_OUT = msg({ id: "shop.history.signed-out", message: "Please log in to view your orders" });

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

const ALL_STATES = msg({ id: "shop.history.all-states", message: "All states" });

function Screen({ plans, children }: { plans?: ReactNode; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader title={i18n._(TITLE)} description={i18n._(DESCRIPTION)} />
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
  const { i18n } = useLingui();
  const { user } = useSessionUser();
  if (!user) {
    return (
      <Screen>
        <SignedOutPanel title={i18n._(SIGNED_OUT)} />
      </Screen>
    );
  }
  return <OrderHistory plans={plans} />;
}

function OrderHistory({ plans }: { plans: ReactNode }) {
  const { i18n, t } = useLingui();
  const { filters, setFilters, clearFilters } = useUrlFilters(ORDER_URL_FILTERS);
  const status = filters.status === "all" ? undefined : filters.status;
  const list = useOrders(status);
  const retry = () => void list.refetch();

  if (list.error instanceof ApiError && list.error.status === 401) {
    return (
      <Screen>
        <SignedOutPanel title={i18n._(SIGNED_OUT)} />
      </Screen>
    );
  }

  const filterBar = (
    <NativeSelect
      label={t({ id: "shop.order.state", message: "State" })}
      className="sm:w-56"
      value={filters.status}
      options={[
        { value: "all" as const, label: i18n._(ALL_STATES) },
        ...ORDER_STATUSES.map((value) => ({ value, label: i18n._(ORDER_STATUS_LABELS[value]) })),
      ]}
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
          title={t({ id: "shop.history.load-failed", message: "Your orders could not be loaded" })}
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
  // The state's key is its English word ("open"): another language words it with `select`.
  const shown = orders.length;
  const number = `${formatCount(shown)}${list.hasNextPage ? "+" : ""}`;
  const count = status
    ? t({
        id: "shop.history.count-in-state",
        message: plural(shown, { one: `${number} ${status} order`, other: `${number} ${status} orders` }),
      })
    : t({
        id: "shop.history.count",
        message: plural(shown, { one: `${number} order`, other: `${number} orders` }),
      });
  return (
    <Screen plans={plans}>
      {filterBar}
      {list.isRefetchError ? (
        <ErrorState
          title={t({ id: "shop.history.refresh-failed", message: "Your orders could not be refreshed" })}
          note={t({ id: "shop.history.out-of-date", message: "The list below may be out of date." })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {count}
      </p>
      {orders.length === 0 ? (
        <NoMatches
          title={
            status
              ? t({ id: "shop.history.none-in-state", message: `No ${status} orders` })
              : t({ id: "shop.history.none", message: "No orders" })
          }
          clearLabel={t({ id: "shop.history.show-all", message: "Show all orders" })}
          onClear={clearFilters}
        />
      ) : (
        <ul aria-label={t({ id: "shop.history.orders", message: "Orders" })} className="space-y-3">
          {orders.map((order) => (
            <OrderHistoryCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      <LoadMoreFooter
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        error={list.error}
        onLoadMore={() => void list.fetchNextPage()}
        labels={{
          button: t({ id: "shop.history.show-more", message: "Show more orders" }),
          loading: t({ id: "shop.history.loading-more", message: "Loading more orders" }),
          failed: t({ id: "shop.history.more-failed", message: "More orders could not be loaded" }),
        }}
      />
    </Screen>
  );
}
