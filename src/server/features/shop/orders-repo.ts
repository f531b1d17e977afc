/** The orders table: every checkout attempt and where its payment stands. */
import { and, count, desc, eq, isNotNull, ne, notInArray } from "drizzle-orm";
import type { OrderDto, OrderStatus } from "../../../shared/api/shop";
import type { PricedOrder } from "../../../shared/shop/pricing";
import type { Database } from "../../db/client";
import { type OrderRow, orders, type UserRow, users } from "../../db/schema";

export async function insertOrder(
  db: Database,
  input: {
    userId: number;
    provider: OrderRow["provider"];
    channel: OrderRow["channel"];
    priced: PricedOrder;
    stripeCustomerId: string | null;
  },
): Promise<OrderRow> {
  const { priced } = input;
  const [row] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      provider: input.provider,
      channel: input.channel,
      lines: priced.lines,
      subtotalCents: priced.subtotalCents,
      discountPercent: priced.tier?.percent ?? 0,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      stripeCustomerId: input.stripeCustomerId,
    })
    .returning();
  if (!row) throw new Error("The order was not saved");
  return row;
}

export async function setPaymentSession(db: Database, orderId: number, sessionId: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentSessionId: sessionId, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

export async function markFailed(db: Database, orderId: number, reason: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: "failed", failureReason: reason, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

export async function findOrderBySession(db: Database, sessionId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).limit(1);
  return row;
}

export async function findOrderById(db: Database, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * Moves an open order to `status`. Only an open order moves, so events arriving late or out of order
 * (an expiry after the payment, a repeat) never undo a paid order. Returns whether it moved.
 */
export async function closeOpenOrder(
  db: Database,
  orderId: number,
  status: Exclude<OrderStatus, "open">,
  extra: { paidAt?: Date; stripeCustomerId?: string | null } = {},
): Promise<boolean> {
  const moved = await db
    .update(orders)
    .set({
      status,
      updatedAt: new Date(),
      ...(extra.paidAt ? { paidAt: extra.paidAt } : {}),
      ...(extra.stripeCustomerId ? { stripeCustomerId: extra.stripeCustomerId } : {}),
    })
    // A payment also completes an order the customer had cancelled or let expire on the test page:
    // the money moved, so the order is paid.
    .where(
      and(eq(orders.id, orderId), status === "paid" ? ne(orders.status, "paid") : eq(orders.status, "open")),
    )
    .returning({ id: orders.id });
  return moved.length > 0;
}

/**
 * Moves the order from `open`, and from `open` only, to `status` in one conditional UPDATE. Returns
 * the moved row, or undefined when the order was no longer open: of two requests racing for the
 * same order, exactly one moves it, which a read followed by a write cannot promise.
 */
export async function moveOpenOrder(
  db: Database,
  orderId: number,
  status: Exclude<OrderStatus, "open">,
  extra: { paidAt?: Date; stripeCustomerId?: string | null } = {},
): Promise<OrderRow | undefined> {
  const [moved] = await db
    .update(orders)
    .set({ status, updatedAt: new Date(), ...extra })
    .where(and(eq(orders.id, orderId), eq(orders.status, "open")))
    .returning();
  return moved;
}

/** Reopens an order that `moveOpenOrder` moved, when what moved it did not go through after all. */
export async function reopenOrder(db: Database, moved: OrderRow, before: OrderRow): Promise<void> {
  await db
    .update(orders)
    .set({
      status: "open",
      paidAt: before.paidAt,
      stripeCustomerId: before.stripeCustomerId,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, moved.id), eq(orders.status, moved.status)));
}

/**
 * Expires the customer's open orders beyond the newest `keep`, in one statement, and returns how
 * many it expired. A payment that still arrives for one of them settles it (see closeOpenOrder).
 */
export async function expireOpenOrdersBeyond(db: Database, userId: number, keep: number): Promise<number> {
  const mine = and(eq(orders.userId, userId), eq(orders.status, "open"));
  const newest = db.select({ id: orders.id }).from(orders).where(mine).orderBy(desc(orders.id)).limit(keep);
  const expired = await db
    .update(orders)
    .set({ status: "expired", updatedAt: new Date() })
    .where(and(mine, notInArray(orders.id, newest)))
    .returning({ id: orders.id });
  return expired.length;
}

/** The customer a payment link names. */
export async function customerByUid(db: Database, uid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
  return row;
}

/** The Stripe customer id recorded for the user by an earlier paid order, if any. */
export async function stripeCustomerIdOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.stripeCustomerId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid"), isNotNull(orders.stripeCustomerId)))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  return row?.id ?? null;
}

export async function paidOrderCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid")));
  return row?.n ?? 0;
}

export function orderDto(row: OrderRow, firstPaidOrder: boolean): OrderDto {
  return {
    id: row.id,
    sessionId: row.paymentSessionId ?? "",
    status: row.status,
    lines: row.lines.map(({ key, name, quantity, unitCents, totalCents }) => ({
      key,
      name,
      quantity,
      unitCents,
      totalCents,
    })),
    subtotalCents: row.subtotalCents,
    discountPercent: row.discountPercent,
    discountCents: row.discountCents,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    firstPaidOrder,
  };
}
