import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Lock, RotateCcw } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { summaryOfPriced } from "../../../../shared/shop/order-summary";
import { priceOrder } from "../../../../shared/shop/pricing";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { serverErrorText } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { useSessionUser } from "../../../lib/session";
import { toast } from "../../../lib/use-toast";
import { useCreateCheckoutSession } from "../api/create-checkout-session";
import { useCatalogue } from "../api/get-catalogue";
import {
  forgetSavedOrder,
  linesOf,
  readSavedOrder,
  type SavedOrder,
  savedOrderOf,
} from "../cart/saved-order";
import { OrderLines } from "../components/order-lines";

/** The spec's failure toasts for Proceed to Payment (section 8). */
function checkoutFailureToast(error: unknown) {
  if (error instanceof ApiError) {
    const status = error.status;
    const text =
      serverErrorText(error) ??
      i18n._(msg({ id: "shop.checkout.http-error", message: `HTTP error! status: ${status}` }));
    toast({
      variant: "destructive",
      title: i18n._(msg({ id: "shop.checkout.failed", message: "Checkout Failed" })),
      description: text,
    });
    return;
  }
  toast({
    variant: "destructive",
    title: i18n._(msg({ id: "shop.checkout.payment-error", message: "Payment Error" })),
    description: i18n._(
      msg({
        id: "shop.checkout.payment-error.text",
        message: "Failed to create payment session. Please try again.",
      }),
    ),
  });
}

export function CheckoutPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [saved] = useState<SavedOrder | null>(() => readSavedOrder());

  useEffect(() => {
    if (saved) return;
    toast({
      variant: "destructive",
      title: t({ id: "shop.checkout.no-order.title", message: "No Order Found" }),
      description: t({ id: "shop.checkout.no-order.text", message: "Please select your plans first." }),
    });
    void navigate("/orders", { replace: true });
  }, [saved, navigate, t]);

  if (!saved) return null;
  return <CheckoutReview saved={saved} />;
}

function CheckoutReview({ saved }: { saved: SavedOrder }) {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const catalogue = useCatalogue();
  const [lines] = useState(() => linesOf(saved));
  const items = catalogue.data?.items ?? [];
  const priced = useMemo(
    () => priceOrder(lines, items, catalogue.data?.volumeTiers ?? []),
    [lines, items, catalogue.data?.volumeTiers],
  );
  const pay = useCreateCheckoutSession();

  async function proceed() {
    if (!user) {
      toast({
        variant: "destructive",
        title: t({ id: "shop.checkout.sign-in.title", message: "Authentication Required" }),
        description: t({
          id: "shop.checkout.sign-in.text",
          message: "Please log in to complete your purchase",
        }),
      });
      return;
    }
    if (priced.lines.length === 0) {
      toast({
        variant: "destructive",
        title: t({ id: "shop.cart-empty.title", message: "Cart Empty" }),
        description: t({
          id: "shop.cart-empty.text",
          message: "Please add items to your cart before checkout",
        }),
      });
      return;
    }
    try {
      const answer = await pay.mutateAsync(savedOrderOf(lines, items));
      if (!answer.url) {
        toast({
          variant: "destructive",
          title: t({ id: "shop.checkout.failed", message: "Checkout Failed" }),
          description: t({ id: "shop.checkout.no-url", message: "No checkout URL received" }),
        });
        return;
      }
      forgetSavedOrder();
      window.location.assign(answer.url);
    } catch (error) {
      checkoutFailureToast(error);
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader
        title={t({ id: "shop.checkout.title", message: "Checkout" })}
        description={t({
          id: "shop.checkout.description",
          message: "Review your order. Plans are billed monthly.",
        })}
        actions={
          // The cart is where quantities change; it still holds this order.
          <Button variant="outline" asChild>
            <Link to="/orders">
              <ArrowLeft aria-hidden="true" />
              {t({ id: "shop.checkout.change-order", message: "Change order" })}
            </Link>
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t({ id: "shop.order.title", message: "Your order" })}</CardTitle>
        </CardHeader>
        <CardContent>
          {catalogue.isPending ? (
            <Spinner label={t({ id: "shop.checkout.loading", message: "Loading your order" })} />
          ) : catalogue.isError ? (
            <ErrorState
              title={t({ id: "shop.checkout.pricing-failed", message: "Your order could not be priced" })}
              error={catalogue.error}
              onRetry={() => void catalogue.refetch()}
              retrying={catalogue.isFetching}
            />
          ) : priced.lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans id="shop.checkout.empty">
                Your order is empty.{" "}
                <Link to="/orders" className="underline">
                  Choose your plans
                </Link>
                .
              </Trans>
            </p>
          ) : (
            <OrderLines order={summaryOfPriced(priced)} />
          )}
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-4">
          <Button
            size="lg"
            onClick={() => void proceed()}
            disabled={pay.isPending || catalogue.isPending || pay.isSuccess}
          >
            {pay.isPending || pay.isSuccess ? (
              <Spinner
                label={t({ id: "shop.checkout.starting", message: "Starting the payment" })}
                className="size-4"
              />
            ) : null}
            {t({ id: "shop.checkout.proceed", message: "Proceed to Payment" })}
          </Button>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <Lock aria-hidden="true" className="size-4" />
              {t({ id: "shop.checkout.secure", message: "Secure SSL encrypted payment" })}
            </li>
            <li className="flex items-center gap-2">
              <RotateCcw aria-hidden="true" className="size-4" />
              {t({ id: "shop.checkout.guarantee", message: "30-day money-back guarantee" })}
            </li>
          </ul>
        </CardFooter>
      </Card>
    </div>
  );
}
