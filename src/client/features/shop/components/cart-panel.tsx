import { ShoppingCart } from "lucide-react";
import { nextTierFor, type PricedOrder, type VolumeTier } from "../../../../shared/shop/pricing";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { OrderSummary } from "./order-summary";

/** What the next volume tier would take, so a customer close to it can see it. */
function nextTierHint(accounts: number, tiers: VolumeTier[]): string | null {
  const next = nextTierFor(accounts, tiers);
  if (!next) return null;
  const { more, tier } = next;
  return `Add ${more} more account${more === 1 ? "" : "s"} for ${tier.percent}% off the whole order.`;
}

export function CartPanel({
  priced,
  tiers,
  onQuantity,
  onCheckout,
}: {
  priced: PricedOrder;
  tiers: VolumeTier[];
  onQuantity: (key: PricedOrder["lines"][number]["key"], quantity: number) => void;
  onCheckout: () => void;
}) {
  const hint = priced.lines.length > 0 ? nextTierHint(priced.accounts, tiers) : null;
  return (
    <Card id="cart" aria-labelledby="cart-title" role="region" tabIndex={-1} className="outline-none">
      <CardHeader>
        <CardTitle id="cart-title" className="flex items-center gap-2 text-lg">
          <ShoppingCart aria-hidden="true" className="size-5" />
          Your cart
        </CardTitle>
      </CardHeader>
      <CardContent>
        {priced.lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your cart is empty. Add a plan to get started.</p>
        ) : (
          <OrderSummary priced={priced} onQuantity={onQuantity} />
        )}
        {hint ? <p className="mt-3 text-sm text-muted-foreground">{hint}</p> : null}
      </CardContent>
      <CardFooter>
        <Button className="w-full" onClick={onCheckout}>
          Confirm and Checkout
        </Button>
      </CardFooter>
    </Card>
  );
}
