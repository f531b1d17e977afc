/**
 * The one wording of an order's figures. The cart, the checkout review, the success and cancel
 * pages, the orders list, the local test checkout and the receipt all show these rows, so that every
 * page says the same lines, the same discount line and the same total as the server charges
 * (decision 029): each line, then the subtotal, the volume discount when a tier applies, the total.
 */
import { formatCents, type PricedOrder } from "./pricing";

/** What the rows are made from: an order as the server stored it, or as the cart prices it. */
export interface SummarisedOrder {
  lines: ReadonlyArray<{ name: string; quantity: number; unitCents: number; totalCents: number }>;
  subtotalCents: number;
  /** The volume tier's percent; 0 without a discount. */
  discountPercent: number;
  discountCents: number;
  totalCents: number;
}

export type SummaryRow =
  | { kind: "line"; label: string; detail: string; cents: number }
  | { kind: "subtotal" | "discount" | "total"; label: string; cents: number };

/** A priced order (the cart's, the review's) in the shape the rows read. */
export function summaryOfPriced(priced: PricedOrder): SummarisedOrder {
  return { ...priced, discountPercent: priced.tier?.percent ?? 0 };
}

export const discountLabel = (percent: number) => `Volume discount ${percent}%`;

/** The order's rows: a discount's amount is negative, as it is taken off. */
export function orderSummaryRows(order: SummarisedOrder): SummaryRow[] {
  const rows: SummaryRow[] = order.lines.map((line) => ({
    kind: "line",
    label: `${line.quantity} × ${line.name}`,
    detail: `${formatCents(line.unitCents)} / month each`,
    cents: line.totalCents,
  }));
  rows.push({ kind: "subtotal", label: "Subtotal", cents: order.subtotalCents });
  if (order.discountCents > 0) {
    rows.push({ kind: "discount", label: discountLabel(order.discountPercent), cents: -order.discountCents });
  }
  rows.push({ kind: "total", label: "Total per month", cents: order.totalCents });
  return rows;
}

/** "$30.10", or "−$30.10" (a true minus sign) for an amount taken off. */
export function formatSignedCents(cents: number): string {
  return cents < 0 ? `−${formatCents(-cents)}` : formatCents(cents);
}
