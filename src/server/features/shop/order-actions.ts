/**
 * What a customer may do with an open order from their orders page: go back to its payment page, or
 * cancel it. Only an open order of their own; the payment provider's session is read (to continue)
 * or closed (to cancel) first, so that a cancelled order can no longer be paid.
 */
import type { OrderSummary } from "../../../shared/api/shop";
import { PaymentProviderError, type PaymentsPort } from "../../adapters/payments/port";
import type { Database } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import { conflict, HttpError, notFound } from "../../http/errors";
import { PAYMENTS_UNAVAILABLE } from "./checkout-service";
import { closeOpenOrder, findOrderById, findOwnOrder, moveOpenOrder, orderSummaryDto } from "./orders-repo";

interface OrderActionContext {
  db: Database;
  payments: PaymentsPort | undefined;
}

const NOT_YOURS = "No order of yours has this number";

async function openOrderOf(db: Database, userId: number, orderId: number, doing: string): Promise<OrderRow> {
  const order = await findOwnOrder(db, userId, orderId);
  if (!order) throw notFound(NOT_YOURS);
  if (order.status !== "open") throw notOpen(order, doing);
  return order;
}

function notOpen(order: OrderRow, doing: string) {
  return conflict(`This order is ${order.status}: only an open order can be ${doing}.`);
}

/** The payment page of the customer's open order, to pay it after all. */
export async function continuePayment(
  ctx: OrderActionContext,
  userId: number,
  orderId: number,
): Promise<{ url: string }> {
  const order = await openOrderOf(ctx.db, userId, orderId, "paid");
  const { payments } = ctx;
  if (!payments) throw new HttpError(503, PAYMENTS_UNAVAILABLE);
  if (!order.paymentSessionId || order.provider !== payments.kind) {
    throw conflict("This order's payment page cannot be opened any more. Please place the order again.");
  }
  let state: Awaited<ReturnType<PaymentsPort["retrieveCheckoutSession"]>>;
  try {
    state = await payments.retrieveCheckoutSession(order.paymentSessionId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    throw new HttpError(502, `The payment page could not be opened: ${error.message}. Please try again.`);
  }
  if (state.status === "expired") {
    // The provider's expiry event may not have arrived yet: the order says so now.
    await closeOpenOrder(ctx.db, order.id, "expired");
    throw conflict("This checkout has expired. Please place the order again.");
  }
  if (state.status === "complete" || !state.url) {
    throw conflict("This order has just been paid; it will show as paid in a moment.");
  }
  return { url: state.url };
}

/**
 * Cancels the customer's open order: with Stripe the session is expired first (one already expired
 * is fine; one paid meanwhile is not cancelled), then the order moves from open to cancelled in one
 * conditional UPDATE, so of two cancels racing exactly one moves it and the other is told it is
 * cancelled already.
 */
export async function cancelOrder(
  ctx: OrderActionContext,
  userId: number,
  orderId: number,
): Promise<OrderSummary> {
  const order = await openOrderOf(ctx.db, userId, orderId, "cancelled");
  const { payments } = ctx;
  if (payments?.kind === "stripe" && order.provider === "stripe" && order.paymentSessionId) {
    let state: Awaited<ReturnType<PaymentsPort["expireCheckoutSession"]>>;
    try {
      state = await payments.expireCheckoutSession(order.paymentSessionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      throw new HttpError(502, `The order could not be cancelled: ${error.message}. Please try again.`);
    }
    if (state.status === "complete") {
      throw conflict("This order has just been paid, so it can no longer be cancelled.");
    }
  }
  const moved = await moveOpenOrder(ctx.db, order.id, "cancelled");
  if (!moved) throw notOpen((await findOrderById(ctx.db, order.id)) ?? order, "cancelled");
  return orderSummaryDto(moved, null);
}
