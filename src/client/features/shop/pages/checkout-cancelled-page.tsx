import { useLingui } from "@lingui/react/macro";
import { ClipboardList, ShoppingCart } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useSessionUser } from "../../../lib/session";
import { useOrderByCancelLink } from "../api/get-order-by-session";
import { CheckoutReturnFrame, SignInToSeeAccounts } from "../components/checkout-return-frame";
import { HeldOrderCard } from "../components/held-order-card";

/**
 * Where the payment page's Cancel sends the payer back, signed in or not: the cancel link's `ref`
 * shows the order (decision 029). Nothing was charged, and the cart is as it was: the customer can
 * go back to it and pay when ready.
 */
export function CheckoutCancelledPage() {
  return (
    <CheckoutReturnFrame>
      <div className="mx-auto max-w-2xl space-y-6">
        <CancelledContent />
      </div>
    </CheckoutReturnFrame>
  );
}

function CancelledContent() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const ref = params.get("ref");
  const { user } = useSessionUser();
  const order = useOrderByCancelLink(ref);

  const actions = user ? (
    <div className="flex flex-wrap gap-3">
      <Button asChild>
        <Link to="/orders">
          <ShoppingCart aria-hidden="true" />
          {t({ id: "shop.cancelled.back-to-cart", message: "Back to your cart" })}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/billing/orders">
          <ClipboardList aria-hidden="true" />
          {t({ id: "shop.order-history", message: "Order History" })}
        </Link>
      </Button>
    </div>
  ) : (
    <SignInToSeeAccounts />
  );

  if (ref && order.isPending) {
    return <Spinner label={t({ id: "shop.cancelled.looking-up", message: "Looking up your order" })} />;
  }
  if (order.isError) {
    return (
      <ErrorState
        title={t({ id: "shop.cancelled.lookup-failed", message: "Your order could not be looked up" })}
        error={order.error}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  }
  // A payment may still have gone through on another tab, or before Cancel: say so rather than "cancelled".
  if (order.data?.status === "paid") {
    return (
      <>
        <PageHeader title={t({ id: "shop.cancelled.paid.title", message: "This order is paid" })} />
        <p>
          {t({
            id: "shop.cancelled.paid.text",
            message: "The payment of this order went through after all.",
          })}
        </p>
        <HeldOrderCard order={order.data} />
        {actions}
      </>
    );
  }
  return (
    <>
      <PageHeader title={t({ id: "shop.cancelled.title", message: "Payment cancelled" })} />
      <p>
        {t({ id: "shop.cancelled.nothing-charged", message: "Nothing was charged." })}
        {user
          ? ` ${t({
              id: "shop.cancelled.cart-kept",
              message: "Your cart is as you left it: you can change it or pay whenever you are ready.",
            })}`
          : ""}
      </p>
      {order.data ? <HeldOrderCard order={order.data} /> : null}
      {actions}
    </>
  );
}
