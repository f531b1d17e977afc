import { useLingui } from "@lingui/react/macro";
import { Check, ShoppingCart } from "lucide-react";
import type { CatalogueItemDto } from "../../../../shared/api/shop";
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
import { formatOrderCents } from "./order-lines";
import { productText } from "./product-words";

export function ProductCard({
  item,
  inCart,
  onAdd,
}: {
  item: CatalogueItemDto;
  inCart: number;
  onAdd: () => void;
}) {
  const { t, i18n } = useLingui();
  const titleId = `product-${item.key}`;
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      className={cn("flex flex-col", item.popular && "border-primary ring-1 ring-primary")}
    >
      <CardHeader className="space-y-2">
        {/* The badge wraps under a long title rather than over it. */}
        <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
          <CardTitle id={titleId} className="min-w-0 text-lg leading-snug">
            {item.name}
          </CardTitle>
          {item.popular ? <Badge>{t({ id: "shop.product.popular", message: "Most popular" })}</Badge> : null}
        </div>
        <CardDescription>{productText(i18n, item.description)}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        <p className="whitespace-nowrap">
          <span className="text-3xl font-semibold tabular-nums">{formatOrderCents(item.priceCents)}</span>
          <span className="text-muted-foreground">
            {" "}
            {t({ id: "shop.product.per-month", message: "/ month" })}
          </span>
        </p>
        {item.features.length > 0 ? (
          <ul className="space-y-1 text-sm">
            {item.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-success" />
                {productText(i18n, feature)}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      <CardFooter>
        {/* A narrow card wraps "(1 in cart)" under the words instead of cutting it off. */}
        <Button
          className="h-auto min-h-9 w-full flex-wrap gap-x-2 gap-y-0 py-1.5 whitespace-normal"
          variant={item.popular ? "default" : "outline"}
          onClick={onAdd}
        >
          <span className="inline-flex items-center gap-2 whitespace-nowrap">
            <ShoppingCart aria-hidden="true" className="size-4 shrink-0" />
            {t({ id: "shop.product.add", message: "Add to Cart" })}
          </span>
          <span className="sr-only"> {item.name}</span>
          {inCart > 0 ? (
            <span className="text-xs whitespace-nowrap opacity-80">
              {t({ id: "shop.product.in-cart", message: `(${inCart} in cart)` })}
            </span>
          ) : null}
        </Button>
      </CardFooter>
    </Card>
  );
}
