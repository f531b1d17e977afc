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
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`One fewer ${name}`}
        onClick={() => onChange(quantity - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <output className="w-8 text-center tabular-nums" aria-label={`Quantity of ${name}`}>
        {quantity}
      </output>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`One more ${name}`}
        disabled={quantity >= MAX_QUANTITY}
        onClick={() => onChange(quantity + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
