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
    const text = serverErrorText(error) ?? `HTTP error! status: ${error.status}`;
    toast({ variant: "destructive", title: "Checkout Failed", description: text });
    return;
  }
  toast({
    variant: "destructive",
    title: "Payment Error",
    description: "Failed to create payment session. Please try again.",
  });
}

export function CheckoutPage() {
  const navigate = useNavigate();
  const [saved] = useState<SavedOrder | null>(() => readSavedOrder());

  useEffect(() => {
    if (saved) return;
    toast({
      variant: "destructive",
      title: "No Order Found",
      description: "Please select your plans first.",
    });
    void navigate("/orders", { replace: true });
  }, [saved, navigate]);

  if (!saved) return null;
  return <CheckoutReview saved={saved} />;
}

function CheckoutReview({ saved }: { saved: SavedOrder }) {
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
        title: "Authentication Required",
        description: "Please log in to complete your purchase",
      });
      return;
    }
    if (priced.lines.length === 0) {
      toast({
        variant: "destructive",
        title: "Cart Empty",
        description: "Please add items to your cart before checkout",
      });
      return;
    }
    try {
      const answer = await pay.mutateAsync(savedOrderOf(lines, items));
      if (!answer.url) {
        toast({ variant: "destructive", title: "Checkout Failed", description: "No checkout URL received" });
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
        title="Checkout"
        description="Review your order. Plans are billed monthly."
        actions={
          // The cart is where quantities change; it still holds this order.
          <Button variant="outline" asChild>
            <Link to="/orders">
              <ArrowLeft aria-hidden="true" />
              Change order
            </Link>
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Your order</CardTitle>
        </CardHeader>
        <CardContent>
          {catalogue.isPending ? (
            <Spinner label="Loading your order" />
          ) : catalogue.isError ? (
            <ErrorState
              title="Your order could not be priced"
              error={catalogue.error}
              onRetry={() => void catalogue.refetch()}
              retrying={catalogue.isFetching}
            />
          ) : priced.lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Your order is empty.{" "}
              <Link to="/orders" className="underline">
                Choose your plans
              </Link>
              .
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
              <Spinner label="Starting the payment" className="size-4" />
            ) : null}
            Proceed to Payment
          </Button>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <Lock aria-hidden="true" className="size-4" />
              Secure SSL encrypted payment
            </li>
            <li className="flex items-center gap-2">
              <RotateCcw aria-hidden="true" className="size-4" />
              30-day money-back guarantee
            </li>
          </ul>
        </CardFooter>
      </Card>
    </div>
  );
}
