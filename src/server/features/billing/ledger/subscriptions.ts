/**
 * A customer's plans from the payment provider's `customer.subscription.*` events: one row per
 * subscription, moved only forward. Events come repeated and out of order; a row takes an event only
 * if it is newer than the one that last wrote it, so a late `updated` never brings back a plan a
 * `deleted` ended. At the same second, an ended plan stays ended.
 */
import { eq, sql } from "drizzle-orm";
import { CATALOGUE, isProductKey } from "../../../../shared/shop/catalogue";
import type { Database } from "../../../platform/db/database";
import { type OrderRow, orders, subscriptions } from "../../../platform/db/schema";
import { currencyCode } from "./amounts";
import { customerOfPayment } from "./ledger-writes";
import { type EventOf, idOf, orderIdOf, textOf } from "./payment-event-entry";

type SubscriptionInsert = typeof subscriptions.$inferInsert;
type SubscriptionEvent = EventOf<(typeof SUBSCRIPTION_EVENT_TYPES)[number]>;
type Subscription = SubscriptionEvent["object"];
type SubscriptionItem = NonNullable<NonNullable<Subscription["items"]>["data"]>[number];
type Price = SubscriptionItem["price"];

/** A time as Stripe sends it (seconds since 1970, already checked to fit a date), as a date. */
const dateOf = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

export const SUBSCRIPTION_EVENT_TYPES = [
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

/** Names a Stripe price the operator configured (`STRIPE_PRICE_IDS`) by its catalogue product. */
export type PriceNames = ReadonlyMap<string, string>;

export function priceNamesOf(priceIds: Partial<Record<string, string>>): PriceNames {
  const names = new Map<string, string>();
  for (const item of CATALOGUE) {
    const priceId = priceIds[item.key];
    if (priceId) names.set(priceId, item.name);
  }
  return names;
}

interface Item {
  name: string | null;
  unitCents: number;
  quantity: number;
}

/**
 * What an item is called: the catalogue's name for a configured price or a price looked up by
 * product key, else the name Stripe gives (an expanded product, the price's nickname). Checkout's
 * inline prices have neither, so the caller falls back on the order's line of the same price.
 */
function itemName(price: Price, names: PriceNames): string | null {
  const configured = names.get(textOf(price?.id) ?? "");
  if (configured) return configured;
  const key = textOf(price?.lookup_key);
  if (key && isProductKey(key)) return CATALOGUE.find((item) => item.key === key)?.name ?? null;
  const product = price?.product;
  return (typeof product === "object" ? textOf(product?.name) : null) ?? textOf(price?.nickname);
}

/**
 * What the discounts take off each period. An event carries a discount expanded with its coupon
 * (older API versions) or by id alone: the checkout's coupon is then the order's volume discount,
 * an amount off for good (decision 010), so it is the order's discount whatever the plan became.
 * Without an order to say, an unknown discount counts as none, and the list price is shown.
 */
function discountCents(subscription: Subscription, subtotal: number, order: OrderRow | undefined): number {
  const discounts = [
    ...(subscription.discounts ?? []),
    ...(subscription.discount ? [subscription.discount] : []),
  ];
  let total = 0;
  for (const discount of discounts) {
    const coupon = typeof discount === "string" ? null : discount.coupon;
    if (!coupon || Object.keys(coupon).length === 0) {
      total += order?.discountCents ?? 0;
      continue;
    }
    const percentOff = coupon.percent_off ?? 0;
    total += coupon.amount_off ?? Math.floor((subtotal * percentOff + 50) / 100);
  }
  return Math.min(total, subtotal);
}

function periodEnd(subscription: Subscription, items: SubscriptionItem[]): Date | null {
  const top = dateOf(subscription.current_period_end);
  if (top) return top;
  // Newer API versions keep the period on each item; the subscription renews at the first of them.
  const ends = items
    .map((item) => item.current_period_end)
    .filter((at): at is number => typeof at === "number");
  return ends.length > 0 ? new Date(Math.min(...ends) * 1000) : null;
}

/** The row an event writes, its customer and order resolved. */
export async function subscriptionEntry(
  db: Database,
  event: SubscriptionEvent,
  source: "stripe" | "test",
  names: PriceNames,
): Promise<SubscriptionInsert> {
  const subscription = event.object;
  const metadata = subscription.metadata;
  const stripeCustomerId = idOf(subscription.customer);
  const orderId = orderIdOf(metadata);
  const [order] = orderId ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  const customer = await customerOfPayment(db, {
    uid: textOf(metadata?.customer_uid),
    orderId: order?.id ?? null,
    stripeCustomerId,
  });

  const rawItems = subscription.items?.data ?? [];
  const items: Item[] = rawItems.map((item) => ({
    name: itemName(item.price, names),
    unitCents: item.price?.unit_amount ?? 0,
    quantity: item.quantity ?? 1,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.unitCents * item.quantity, 0);
  const discount = discountCents(subscription, subtotal, order);
  const currency =
    textOf(subscription.currency) ?? textOf(rawItems[0]?.price?.currency) ?? order?.currency ?? "usd";
  const cancelAt = dateOf(subscription.cancel_at);
  return {
    subscriptionId: subscription.id,
    userId: customer?.id ?? null,
    orderId: order?.id ?? null,
    provider: source,
    stripeCustomerId,
    status: subscription.status,
    product: productText(items, order),
    quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    amountCents: Math.max(0, subtotal - discount),
    currency: currencyCode(currency),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    cancelAt,
    currentPeriodEnd: periodEnd(subscription, rawItems),
    canceledAt: dateOf(subscription.canceled_at) ?? dateOf(subscription.ended_at),
    eventCreated: new Date(event.created * 1000),
  };
}

function productText(items: Item[], order: OrderRow | undefined): string {
  const parts = items.map((item) => {
    const name = item.name ?? order?.lines.find((line) => line.unitCents === item.unitCents)?.name ?? "Plan";
    return `${item.quantity} × ${name}`;
  });
  return parts.length > 0 ? parts.join(", ") : "Plan";
}

/** `excluded.<column>` for the upsert: the value the event brought. */
const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * Writes the event's state of a subscription, unless the row already holds a newer one. Links to a
 * customer and an order stay once made: a later event that cannot tell whose plan it is keeps them.
 */
export async function recordSubscription(db: Database, entry: SubscriptionInsert): Promise<void> {
  const t = subscriptions;
  await db
    .insert(t)
    .values(entry)
    .onConflictDoUpdate({
      target: t.subscriptionId,
      set: {
        userId: sql`coalesce(${excluded("user_id")}, ${t.userId})`,
        orderId: sql`coalesce(${excluded("order_id")}, ${t.orderId})`,
        stripeCustomerId: sql`coalesce(${excluded("stripe_customer_id")}, ${t.stripeCustomerId})`,
        status: excluded("status"),
        product: excluded("product"),
        quantity: excluded("quantity"),
        amountCents: excluded("amount_cents"),
        currency: excluded("currency"),
        cancelAtPeriodEnd: excluded("cancel_at_period_end"),
        cancelAt: excluded("cancel_at"),
        currentPeriodEnd: excluded("current_period_end"),
        canceledAt: excluded("canceled_at"),
        eventCreated: excluded("event_created"),
        updatedAt: sql`now()`,
      },
      setWhere: sql`${t.eventCreated} < ${excluded("event_created")} or (${t.eventCreated} = ${excluded("event_created")} and (${t.status} <> 'canceled' or ${excluded("status")} = 'canceled'))`,
    });
}
