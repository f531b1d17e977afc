import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ShoppingCart } from "lucide-react";
import { nextTierFor, type PricedOrder, type VolumeTier } from "../../../../shared/shop/pricing";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { OrderSummary } from "./order-summary";

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
  const { t } = useLingui();
  // What the next volume tier would take, so a customer close to it can see it.
  const next = priced.lines.length > 0 ? nextTierFor(priced.accounts, tiers) : null;
  const more = next?.more ?? 0;
  const percent = next?.tier.percent ?? 0;
  const hint = next
    ? t({
        id: "shop.cart.next-tier",
        message: plural(more, {
          one: `Add # more account for ${percent}% off the whole order.`,
          other: `Add # more accounts for ${percent}% off the whole order.`,
        }),
      })
    : null;
  return (
    <Card id="cart" aria-labelledby="cart-title" role="region" tabIndex={-1} className="outline-none">
      <CardHeader>
        <CardTitle id="cart-title" className="flex items-center gap-2 text-lg">
          <ShoppingCart aria-hidden="true" className="size-5" />
          {t({ id: "shop.cart.title", message: "Your cart" })}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {priced.lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t({ id: "shop.cart.empty", message: "Your cart is empty. Add a plan to get started." })}
          </p>
        ) : (
          <OrderSummary priced={priced} onQuantity={onQuantity} />
        )}
        {hint ? <p className="mt-3 text-sm text-muted-foreground">{hint}</p> : null}
      </CardContent>
      <CardFooter>
        <Button className="w-full" onClick={onCheckout}>
          {t({ id: "shop.cart.checkout", message: "Confirm and Checkout" })}
        </Button>
      </CardFooter>
    </Card>
  );
}
