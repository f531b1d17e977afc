import type { OrderStatus } from "../../../../shared/api/shop";
import {
  formatSignedCents,
  orderSummaryRows,
  type SummarisedOrder,
} from "../../../../shared/shop/order-summary";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";

/**
 * The subtotal, the volume discount when a tier applies, and the total of an order, in the one
 * wording of src/shared/shop/order-summary.ts that the server's pages use too.
 */
export function OrderTotals({ order, className }: { order: SummarisedOrder; className?: string }) {
  const rows = orderSummaryRows(order).filter((row) => row.kind !== "line");
  return (
    <dl className={cn("space-y-1 border-t pt-3 text-sm", className)}>
      {rows.map((row) => (
        <div
          key={row.kind}
          className={cn(
            "flex justify-between gap-4",
            row.kind === "discount" && "text-success",
            row.kind === "total" && "pt-1 text-base font-semibold",
          )}
        >
          <dt>{row.label}</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatSignedCents(row.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An order, read only: each line with its quantity, its price each and its amount, then the totals.
 * The checkout review, the success and cancel pages and the order history show an order with it.
 */
export function OrderLines({ order, className }: { order: SummarisedOrder; className?: string }) {
  const lines = orderSummaryRows(order).filter((row) => row.kind === "line");
  return (
    <div className={cn("space-y-3", className)}>
      <ul className="divide-y" aria-label="Items">
        {lines.map((line) => (
          <li key={line.label} className="flex items-start justify-between gap-4 py-2">
            <div className="min-w-0">
              <p className="font-medium">{line.label}</p>
              {"detail" in line ? <p className="text-sm text-muted-foreground">{line.detail}</p> : null}
            </div>
            <span className="whitespace-nowrap font-medium tabular-nums">
              {formatSignedCents(line.cents)}
            </span>
          </li>
        ))}
      </ul>
      <OrderTotals order={order} />
    </div>
  );
}

/** What each state of an order is called on screen. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  open: "Open",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Expired",
  failed: "Failed",
  refunded: "Refunded",
};

const TONES: Record<OrderStatus, string> = {
  open: "border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  paid: "border-transparent bg-success-muted text-success",
  cancelled: "border-transparent bg-secondary text-secondary-foreground",
  expired: "border-transparent bg-secondary text-secondary-foreground",
  failed: "border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  refunded: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge className={cn(TONES[status])}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
