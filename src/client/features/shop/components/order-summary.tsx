import { Trash2 } from "lucide-react";
import type { PricedOrder } from "../../../../shared/shop/pricing";
import { formatCents } from "../../../../shared/shop/pricing";
import { Button } from "../../../components/ui/button";
import { QuantityStepper } from "./quantity-stepper";

/**
 * The lines of an order with their quantities and monthly prices, then the subtotal, the volume
 * discount when a tier applies, and the total: the same figures the server will charge, from the
 * same shared pricing function.
 */
export function OrderSummary({
  priced,
  onQuantity,
  showDiscount = true,
}: {
  priced: PricedOrder;
  onQuantity?: (key: PricedOrder["lines"][number]["key"], quantity: number) => void;
  showDiscount?: boolean;
}) {
  return (
    <div className="space-y-4">
      <ul className="divide-y" aria-label="Items">
        {priced.lines.map((line) => (
          <li key={line.key} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <p className="font-medium">{line.name}</p>
              <p className="text-sm text-muted-foreground">
                {formatCents(line.unitCents)} / month{line.kind === "addon" ? " · add-on" : ""}
              </p>
            </div>
            <div className="flex items-center gap-3">
              {onQuantity ? (
                <>
                  <QuantityStepper
                    name={line.name}
                    quantity={line.quantity}
                    onChange={(quantity) => onQuantity(line.key, quantity)}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Remove ${line.name}`}
                    onClick={() => onQuantity(line.key, 0)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              ) : (
                <span className="text-sm text-muted-foreground">× {line.quantity}</span>
              )}
              <span className="w-24 text-right font-medium tabular-nums">{formatCents(line.totalCents)}</span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatCents(priced.subtotalCents)}</dd>
        </div>
        {showDiscount && priced.tier ? (
          <div className="flex justify-between text-success">
            <dt>
              Volume discount ({priced.tier.percent}% off {priced.tier.minAccounts}+ accounts)
            </dt>
            <dd className="tabular-nums">−{formatCents(priced.discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between pt-1 text-base font-semibold">
          <dt>{showDiscount ? "Total per month" : "Subtotal per month"}</dt>
          <dd className="tabular-nums">
            {formatCents(showDiscount ? priced.totalCents : priced.subtotalCents)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
