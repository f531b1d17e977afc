import { Check, ShoppingCart } from "lucide-react";
import type { CatalogueItemDto } from "../../../../shared/api/shop";
import { formatCents } from "../../../../shared/shop/pricing";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { cn } from "../../../lib/utils";

export function ProductCard({
  item,
  inCart,
  onAdd,
}: {
  item: CatalogueItemDto;
  inCart: number;
  onAdd: () => void;
}) {
  const titleId = `product-${item.key}`;
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      className={cn("flex flex-col", item.popular && "border-primary ring-1 ring-primary")}
    >
      <CardHeader className="space-y-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle id={titleId} className="text-lg">
            {item.name}
          </CardTitle>
          {item.popular ? <Badge>Most popular</Badge> : null}
        </div>
        <CardDescription>{item.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        <p>
          <span className="text-3xl font-semibold tabular-nums">{formatCents(item.priceCents)}</span>
          <span className="text-muted-foreground"> / month</span>
        </p>
        {item.features.length > 0 ? (
          <ul className="space-y-1 text-sm">
            {item.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-success" />
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button className="w-full" variant={item.popular ? "default" : "outline"} onClick={onAdd}>
          <ShoppingCart aria-hidden="true" />
          Add to Cart
          <span className="sr-only"> {item.name}</span>
          {inCart > 0 ? <span className="text-xs opacity-80">({inCart} in cart)</span> : null}
        </Button>
      </CardFooter>
    </Card>
  );
}
