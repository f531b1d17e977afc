import { useLingui } from "@lingui/react/macro";
import { Minus, Plus } from "lucide-react";
import { MAX_QUANTITY } from "../../../../shared/api/shop";
import { Button } from "../../../components/ui/button";

/** Minus, the quantity, plus; minus at 1 takes the item out (quantity 0 removes it). */
export function QuantityStepper({
  name,
  quantity,
  onChange,
}: {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t({ id: "shop.cart.one-fewer", message: `One fewer ${name}` })}
        onClick={() => onChange(quantity - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <output
        className="w-8 text-center tabular-nums"
        aria-label={t({ id: "shop.cart.quantity", message: `Quantity of ${name}` })}
      >
        {quantity}
      </output>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t({ id: "shop.cart.one-more", message: `One more ${name}` })}
        disabled={quantity >= MAX_QUANTITY}
        onClick={() => onChange(quantity + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
