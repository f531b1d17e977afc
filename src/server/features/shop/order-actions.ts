/**
 * What a customer may do with an open order from their orders page: go back to its payment page, or
 * cancel it. Only an open order of their own; the payment provider's session is read (to continue)
 * or closed (to cancel) first, so that a cancelled order can no longer be paid.
 */
import type { OrderSummary } from "../../../shared/api/shop";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import { askPaymentProvider } from "../../platform/adapters/payments/provider-failed";
import type { Database } from "../../platform/db/database";
import type { OrderRow } from "../../platform/db/schema";
import { conflict, HttpError, notFound } from "../../platform/http/errors";
import { type ServerMessage, verbatim } from "../../platform/i18n/message";
import { PAYMENTS_UNAVAILABLE } from "./checkout-service";
import { closeOpenOrder, findOrderById, findOwnOrder, moveOpenOrder, orderSummaryDto } from "./orders-repo";

interface OrderActionContext {
  db: Database;
  payments: PaymentsPort | undefined;
}

const NOT_YOURS = /*i18n*/ { id: "error.order.not-yours", message: "No order of yours has this number" };

type OrderAction = "paid" | "cancelled";

/** The portal's words for an order's status, as a refusal names it. */
const ORDER_STATUS_WORDS: Record<OrderRow["status"], ServerMessage> = {
  open: /*i18n*/ { id: "order.status.open", message: "open" },
  paid: /*i18n*/ { id: "order.status.paid", message: "paid" },
  cancelled: /*i18n*/ { id: "order.status.cancelled", message: "cancelled" },
  expired: /*i18n*/ { id: "order.status.expired", message: "expired" },
  failed: /*i18n*/ { id: "order.status.failed", message: "failed" },
  refunded: /*i18n*/ { id: "order.status.refunded", message: "refunded" },
};

async function openOrderOf(
  db: Database,
  userId: number,
  orderId: number,
  doing: OrderAction,
): Promise<OrderRow> {
  const order = await findOwnOrder(db, userId, orderId);
  if (!order) throw notFound(NOT_YOURS);
  if (order.status !== "open") throw notOpen(order, doing);
  return order;
}

function notOpen(order: OrderRow, doing: OrderAction) {
  const status = ORDER_STATUS_WORDS[order.status] ?? verbatim(order.status);
  return conflict(
    doing === "paid"
      ? /*i18n*/ {
          id: "error.order.not-open-to-pay",
          message: "This order is {status}: only an open order can be paid.",
          values: { status },
        }
      : /*i18n*/ {
          id: "error.order.not-open-to-cancel",
          message: "This order is {status}: only an open order can be cancelled.",
          values: { status },
        },
  );
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
    throw conflict(
      /*i18n*/ {
        id: "error.order.payment-page-gone",
        message: "This order's payment page cannot be opened any more. Please place the order again.",
      },
    );
  }
  const sessionId = order.paymentSessionId;
  const state = await askPaymentProvider(
    () => payments.retrieveCheckoutSession(sessionId),
    /*i18n*/ {
      id: "error.payment-page-failed",
      message: "The payment page could not be opened: {reason}. Please try again.",
    },
  );
  if (state.status === "expired") {
    // The provider's expiry event may not have arrived yet: the order says so now.
    await closeOpenOrder(ctx.db, order.id, "expired");
    throw conflict(
      /*i18n*/ {
        id: "error.order.checkout-expired",
        message: "This checkout has expired. Please place the order again.",
      },
    );
  }
  if (state.status === "complete" || !state.url) {
    throw conflict(
      /*i18n*/ {
        id: "error.order.just-paid",
        message: "This order has just been paid; it will show as paid in a moment.",
      },
    );
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
    const sessionId = order.paymentSessionId;
    const state = await askPaymentProvider(
      () => payments.expireCheckoutSession(sessionId),
      /*i18n*/ {
        id: "error.shop.cancel-failed",
        message: "The order could not be cancelled: {reason}. Please try again.",
      },
    );
    if (state.status === "complete") {
      throw conflict(
        /*i18n*/ {
          id: "error.order.just-paid-not-cancelled",
          message: "This order has just been paid, so it can no longer be cancelled.",
        },
      );
    }
  }
  const moved = await moveOpenOrder(ctx.db, order.id, "cancelled");
  if (!moved) throw notOpen((await findOrderById(ctx.db, order.id)) ?? order, "cancelled");
  return orderSummaryDto(moved, null);
}
