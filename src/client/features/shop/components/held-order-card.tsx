import { useLingui } from "@lingui/react/macro";
import type { HeldOrder } from "../../../../shared/api/shop";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { OrderLines, OrderStatusBadge } from "./order-lines";

/** The order a checkout was for, as the success and cancel pages show it: its state, lines and total. */
export function HeldOrderCard({ order }: { order: HeldOrder }) {
  const { t } = useLingui();
  return (
    <Card role="region" aria-labelledby="held-order-title">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="held-order-title" className="text-lg">
          {t({ id: "shop.order.title", message: "Your order" })}
        </CardTitle>
        <p className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t({ id: "shop.order.state", message: "State" })}</span>
          <OrderStatusBadge status={order.status} />
        </p>
      </CardHeader>
      <CardContent>
        <OrderLines order={order} />
      </CardContent>
    </Card>
  );
}
