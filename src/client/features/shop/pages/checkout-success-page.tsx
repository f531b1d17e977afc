import { useLingui } from "@lingui/react/macro";
import { CircleCheck, CircleX, ExternalLink, Receipt } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import type { HeldOrder } from "../../../../shared/api/shop";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useSessionUser } from "../../../lib/session";
import { useOrderBySession } from "../api/get-order-by-session";
import { type CartLine, useCart } from "../cart/cart-store";
import { CheckoutReturnFrame, SignInToSeeAccounts } from "../components/checkout-return-frame";
import { HeldOrderCard } from "../components/held-order-card";

function ViewTransaction() {
  const { t } = useLingui();
  return (
    <Button asChild variant="outline">
      <Link to="/billing/transactions">
        <Receipt aria-hidden="true" />
        {t({ id: "shop.success.view-transaction", message: "View Transaction" })}
      </Link>
    </Button>
  );
}

function SessionId({ sessionId }: { sessionId: string }) {
  const { t } = useLingui();
  return (
    <p className="text-sm text-muted-foreground">
      {t({ id: "shop.success.session-id", message: "Session ID:" })}{" "}
      <code className="break-all">{sessionId}</code>
    </p>
  );
}

/** Whether the cart holds exactly what this order bought. */
function cartIsOrder(lines: CartLine[], order: HeldOrder): boolean {
  if (lines.length !== order.lines.length) return false;
  return order.lines.every((bought) =>
    lines.some((line) => line.key === bought.key && line.quantity === bought.quantity),
  );
}

/** Once the customer's order is paid, the cart that held it is emptied; a cart holding anything else stays. */
function EmptyPaidCart({ uid, order }: { uid: string; order: HeldOrder }) {
  const cart = useCart(uid);
  const paidFor = order.status === "paid" && cartIsOrder(cart.lines, order);
  useEffect(() => {
    if (paidFor) cart.clear();
  }, [paidFor, cart.clear]);
  return null;
}

/**
 * Where the payment provider sends the payer back, signed in or not: the session id in the address
 * shows the order (decision 029). It says what the server knows of it: paid, still being confirmed
 * (the provider's event may come a moment after the redirect), not completed, or not found.
 */
export function CheckoutSuccessPage() {
  return (
    <CheckoutReturnFrame>
      <div className="mx-auto max-w-2xl space-y-6">
        <SuccessContent />
      </div>
    </CheckoutReturnFrame>
  );
}

function SuccessContent() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const { user } = useSessionUser();
  const order = useOrderBySession(sessionId);
  const after = user ? null : <SignInToSeeAccounts />;

  if (!sessionId || order.data === null) {
    return (
      <>
        <PageHeader title={t({ id: "shop.success.not-found.title", message: "Payment not found" })} />
        <p>
          {t({ id: "shop.success.not-found.text", message: "We could not find a payment for this page." })}
          {user
            ? ` ${t({ id: "shop.success.not-found.just-paid", message: "If you have just paid, your transactions will show it." })}`
            : ""}
        </p>
        {user ? (
          <div className="flex flex-wrap gap-3">
            <ViewTransaction />
            <Button asChild variant="ghost">
              <Link to="/orders">{t({ id: "shop.success.back-to-plans", message: "Back to plans" })}</Link>
            </Button>
          </div>
        ) : (
          after
        )}
      </>
    );
  }
  if (order.isPending) {
    return <Spinner label={t({ id: "shop.success.checking", message: "Checking your payment" })} />;
  }
  if (order.isError) {
    return (
      <ErrorState
        title={t({ id: "shop.success.check-failed", message: "Your payment could not be checked" })}
        error={order.error}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  }
  const held = order.data;
  const { status } = held;
  const emptyCart = user && held.yours ? <EmptyPaidCart uid={user.uid} order={held} /> : null;

  if (status === "open") {
    return (
      <>
        <PageHeader title={t({ id: "shop.success.confirming.title", message: "Confirming your payment…" })} />
        <Spinner
          label={t({
            id: "shop.success.confirming.waiting",
            message: "Waiting for the payment provider to confirm your payment",
          })}
        />
        <p className="text-muted-foreground">
          {t({ id: "shop.success.confirming.text", message: "This usually takes a few seconds." })}
          {user
            ? ` ${t({
                id: "shop.success.confirming.leave",
                message: "You can leave this page: the payment will appear in your transactions.",
              })}`
            : ""}
        </p>
        <SessionId sessionId={sessionId} />
        <HeldOrderCard order={held} />
        {after}
      </>
    );
  }
  if (status !== "paid") {
    return (
      <>
        <PageHeader
          title={
            status === "refunded"
              ? t({ id: "shop.success.refunded.title", message: "Payment refunded" })
              : t({ id: "shop.success.not-completed.title", message: "Payment not completed" })
          }
        />
        <p className="flex items-center gap-2">
          <CircleX aria-hidden="true" className="size-5 shrink-0 text-destructive" />
          {status === "refunded"
            ? t({ id: "shop.success.refunded.text", message: "This payment was refunded." })
            : t({
                id: "shop.success.not-completed.text",
                message: `This checkout was ${status}. Nothing was charged.`,
              })}
        </p>
        <HeldOrderCard order={held} />
        {user ? (
          <Button asChild>
            <Link to="/orders">{t({ id: "shop.success.back-to-plans", message: "Back to plans" })}</Link>
          </Button>
        ) : (
          after
        )}
      </>
    );
  }

  const onboardingUrl = user?.onboardingUrl;
  return (
    <>
      {emptyCart}
      <PageHeader title={t({ id: "shop.success.title", message: "Payment Successful!" })} />
      <p className="flex items-center gap-2 text-lg font-medium">
        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-success" />
        {t({ id: "shop.success.thanks", message: "Thank you for your order" })}
      </p>
      <SessionId sessionId={sessionId} />
      <HeldOrderCard order={held} />
      <Card>
        <CardContent className="space-y-4">
          <p>
            {t({
              id: "shop.success.billing",
              message:
                "Billing is monthly, and from next month you are charged only for the accounts we have delivered to you.",
            })}
          </p>
          <p>
            {t({
              id: "shop.success.channel",
              message:
                "We will set up a communication channel with you to hand over your accounts and keep you updated on their delivery.",
            })}
          </p>
          {user ? (
            <div className="flex flex-wrap gap-3">
              {held.firstPaidOrder && onboardingUrl ? (
                <Button asChild>
                  <a href={onboardingUrl} target="_blank" rel="noreferrer">
                    {t({ id: "shop.success.onboarding", message: "Complete Onboarding" })}
                    <ExternalLink aria-hidden="true" />
                    <span className="sr-only">
                      {" "}
                      {t({ id: "common.opens-in-new-tab", message: "(opens in a new tab)" })}
                    </span>
                  </a>
                </Button>
              ) : null}
              {held.yours ? <ViewTransaction /> : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
      {after}
    </>
  );
}
