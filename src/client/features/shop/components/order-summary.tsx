import { useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { summaryOfPriced } from "../../../../shared/shop/order-summary";
import type { PricedOrder } from "../../../../shared/shop/pricing";
import { Button } from "../../../components/ui/button";
import { formatOrderCents, OrderTotals } from "./order-lines";
import { QuantityStepper } from "./quantity-stepper";

/**
 * The cart's lines with their quantity steppers and monthly prices, then the subtotal, the volume
 * discount the quantities have earned, and the total: the same figures the server will charge, from
 * the same shared pricing function, in the same words as every other page that shows an order.
 */
export function OrderSummary({
  priced,
  onQuantity,
}: {
  priced: PricedOrder;
  onQuantity: (key: PricedOrder["lines"][number]["key"], quantity: number) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <ul className="divide-y" aria-label={t({ id: "shop.order.items", message: "Items" })}>
        {priced.lines.map((line) => {
          const price = formatOrderCents(line.unitCents);
          const name = line.name;
          return (
            <li key={line.key} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium">{line.name}</p>
                <p className="text-sm text-muted-foreground">
                  {line.kind === "addon"
                    ? t({ id: "shop.cart.price-addon", message: `${price} / month · add-on` })
                    : t({ id: "shop.cart.price", message: `${price} / month` })}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <QuantityStepper
                  name={line.name}
                  quantity={line.quantity}
                  onChange={(quantity) => onQuantity(line.key, quantity)}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t({ id: "shop.cart.remove", message: `Remove ${name}` })}
                  onClick={() => onQuantity(line.key, 0)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
                <span className="w-24 text-right font-medium whitespace-nowrap tabular-nums">
                  {formatOrderCents(line.totalCents)}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <OrderTotals order={summaryOfPriced(priced)} />
    </div>
  );
}
