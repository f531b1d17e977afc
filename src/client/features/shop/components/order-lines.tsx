import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { OrderStatus } from "../../../../shared/api/shop";
import type { SummarisedOrder } from "../../../../shared/shop/order-summary";
import { formatCents } from "../../../../shared/shop/pricing";
import { Badge } from "../../../components/ui/badge";
import { formattingLocale } from "../../../lib/format";
import { cn } from "../../../lib/utils";

/** Dollars from cents in the page's language; an amount taken off with a true minus sign ("−$30.10"). */
export function formatOrderCents(cents: number): string {
  const locale = formattingLocale();
  return cents < 0 ? `\u2212${formatCents(-cents, locale)}` : formatCents(cents, locale);
}

type Row =
  | { kind: "line"; label: string; detail: string; cents: number }
  | { kind: "subtotal" | "discount" | "total"; label: string; cents: number };

/**
 * An order's rows in the page's language: each line, then the subtotal, the volume discount when a
 * tier applies, and the total. The rows and their English words are those of
 * src/shared/shop/order-summary.ts, which the server's pages use.
 */
function useOrderRows(order: SummarisedOrder): Row[] {
  const { t } = useLingui();
  const rows: Row[] = order.lines.map((line) => {
    const price = formatOrderCents(line.unitCents);
    return {
      kind: "line",
      label: `${line.quantity} × ${line.name}`,
      detail: t({ id: "shop.order.price-each", message: `${price} / month each` }),
      cents: line.totalCents,
    };
  });
  rows.push({
    kind: "subtotal",
    label: t({ id: "shop.order.subtotal", message: "Subtotal" }),
    cents: order.subtotalCents,
  });
  if (order.discountCents > 0) {
    const percent = order.discountPercent;
    rows.push({
      kind: "discount",
      label: t({ id: "shop.order.volume-discount", message: `Volume discount ${percent}%` }),
      cents: -order.discountCents,
    });
  }
  rows.push({
    kind: "total",
    label: t({ id: "shop.order.total", message: "Total per month" }),
    cents: order.totalCents,
  });
  return rows;
}

/** The subtotal, the volume discount when a tier applies, and the total of an order. */
export function OrderTotals({ order, className }: { order: SummarisedOrder; className?: string }) {
  const rows = useOrderRows(order).filter((row) => row.kind !== "line");
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
          <dd className="whitespace-nowrap tabular-nums">{formatOrderCents(row.cents)}</dd>
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
  const { t } = useLingui();
  const lines = useOrderRows(order).filter((row) => row.kind === "line");
  return (
    <div className={cn("space-y-3", className)}>
      <ul className="divide-y" aria-label={t({ id: "shop.order.items", message: "Items" })}>
        {lines.map((line) => (
          <li key={line.label} className="flex items-start justify-between gap-4 py-2">
            <div className="min-w-0">
              <p className="font-medium">{line.label}</p>
              {"detail" in line ? <p className="text-sm text-muted-foreground">{line.detail}</p> : null}
            </div>
            <span className="whitespace-nowrap font-medium tabular-nums">{formatOrderCents(line.cents)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals order={order} />
    </div>
  );
}

/** What each state of an order is called on screen: shown with `i18n._(…)`. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  open: msg({ id: "shop.order-status.open", message: "Open" }),
  paid: msg({ id: "shop.order-status.paid", message: "Paid" }),
  cancelled: msg({ id: "shop.order-status.cancelled", message: "Cancelled" }),
  expired: msg({ id: "shop.order-status.expired", message: "Expired" }),
  failed: msg({ id: "shop.order-status.failed", message: "Failed" }),
  refunded: msg({ id: "shop.order-status.refunded", message: "Refunded" }),
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
  const { i18n } = useLingui();
  return <Badge className={cn(TONES[status])}>{i18n._(ORDER_STATUS_LABELS[status])}</Badge>;
}
