/**
 * What a receipt lists for a payment: the order's lines, its volume discount and total when the
 * payment paid exactly that order (a checkout and its first invoice, a renewal of an unchanged
 * plan), so that the checkout review, the success page, the test checkout and the receipt add up
 * alike; otherwise the payment's product and amount as one line.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/database";
import { orders } from "../../../platform/db/schema";

export interface ReceiptLine {
  description: string;
  /** The quantity, when the line is an order's. */
  quantity: number | null;
  amountCents: number;
}

export interface Receipt {
  lines: ReceiptLine[];
  subtotalCents: number;
  discount: { label: string; amountCents: number } | null;
  totalCents: number;
  /** ISO 4217, in capitals. */
  currency: string;
}

export interface PaidAmount {
  amountCents: number;
  currency: string;
  product: string | null;
  orderId: number | null;
}

export async function receiptOf(db: Database, paid: PaidAmount): Promise<Receipt> {
  const [order] = paid.orderId ? await db.select().from(orders).where(eq(orders.id, paid.orderId)) : [];
  const currency = paid.currency.toUpperCase();
  if (order && order.totalCents === paid.amountCents && order.currency.toUpperCase() === currency) {
    return {
      lines: order.lines.map((line) => ({
        description: line.name,
        quantity: line.quantity,
        amountCents: line.totalCents,
      })),
      subtotalCents: order.subtotalCents,
      discount:
        order.discountCents > 0
          ? { label: `Volume discount (${order.discountPercent}%)`, amountCents: order.discountCents }
          : null,
      totalCents: order.totalCents,
      currency,
    };
  }
  return {
    lines: [{ description: paid.product ?? "Payment", quantity: null, amountCents: paid.amountCents }],
    subtotalCents: paid.amountCents,
    discount: null,
    totalCents: paid.amountCents,
    currency,
  };
}
