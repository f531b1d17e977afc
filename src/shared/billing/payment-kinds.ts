/**
 * What a ledger event type means to a customer. The webhook codes (`checkout.session.completed`,
 * `payment.succeeded`, …) stay in the details and the CSV; the cards, the dashboard's recent activity
 * and the mails say "Payment", "Renewal", "Payment failed" or "Refund". A refund takes money back,
 * so it is shown as a negative amount; its row keeps the amount refunded, positive.
 */
export type PaymentKind = "payment" | "renewal" | "failed" | "refund" | "other";

const KIND_OF_EVENT_TYPE: Record<string, PaymentKind> = {
  "checkout.session.completed": "payment",
  "payment.succeeded": "renewal",
  "payment.failed": "failed",
  "refund.created": "refund",
};

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  payment: "Payment",
  renewal: "Renewal",
  failed: "Payment failed",
  refund: "Refund",
  other: "Other",
};

/** Every kind, as a list: the activity contract's enum, and the first load's check of it. */
export const PAYMENT_KINDS = Object.keys(PAYMENT_KIND_LABELS) as [PaymentKind, ...PaymentKind[]];

export function paymentKindOf(eventType: string | null | undefined): PaymentKind {
  return (eventType && KIND_OF_EVENT_TYPE[eventType.trim().toLowerCase()]) || "other";
}

/** The amount as it moves the customer's balance: a refund's is negative. */
export function signedAmountCents(eventType: string | null | undefined, amountCents: number): number {
  return paymentKindOf(eventType) === "refund" ? -Math.abs(amountCents) : amountCents;
}
