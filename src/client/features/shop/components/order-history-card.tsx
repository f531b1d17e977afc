import { useLingui } from "@lingui/react/macro";
import { CreditCard, ExternalLink, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { OrderSummary } from "../../../../shared/api/shop";
import { ExpandButton } from "../../../components/expand-button";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-error";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/use-toast";
import { useCancelOrder, useContinueOrder } from "../api/order-actions";
import { formatOrderCents, OrderLines, OrderStatusBadge } from "./order-lines";

/** "3 × LinkedIn Plus, 1 × Sales Navigator" */
export function itemsOf(order: OrderSummary): string {
  return order.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ");
}

/** An open order's two ways on: pay it after all, or cancel it (asked first). */
function OpenOrderActions({ order, what }: { order: OrderSummary; what: string }) {
  const { t } = useLingui();
  const continuing = useContinueOrder();
  const cancelling = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);

  async function continuePayment() {
    try {
      window.location.assign(await continuing.mutateAsync(order.id));
    } catch (error) {
      toast({
        variant: "destructive",
        title: t({ id: "shop.history.continue-failed", message: "The payment page could not be opened" }),
        description: errorMessage(error, t({ id: "shop.try-again", message: "Please try again." })),
      });
    }
  }

  async function cancel() {
    try {
      await cancelling.mutateAsync(order.id);
      toast({
        title: t({ id: "shop.history.cancelled.title", message: "Order cancelled" }),
        description: t({ id: "shop.history.cancelled.text", message: `${what} will not be charged.` }),
      });
    } catch (error) {
      toast({
        variant: "destructive",
        title: t({ id: "shop.history.cancel-failed", message: "The order could not be cancelled" }),
        description: errorMessage(error, t({ id: "shop.try-again", message: "Please try again." })),
      });
    }
  }

  const busy = continuing.isPending || continuing.isSuccess || cancelling.isPending;
  return (
    <>
      <Button size="sm" onClick={() => void continuePayment()} disabled={busy}>
        {continuing.isPending || continuing.isSuccess ? (
          <Spinner
            label={t({ id: "shop.history.opening-payment", message: "Opening the payment page" })}
            className="size-4"
          />
        ) : (
          <CreditCard aria-hidden="true" />
        )}
        {t({ id: "shop.history.continue", message: "Continue to payment" })}
        <span className="sr-only"> {t({ id: "shop.history.continue-for", message: `for ${what}` })}</span>
      </Button>
      <Button ref={cancelButton} size="sm" variant="outline" onClick={() => setAsking(true)} disabled={busy}>
        {cancelling.isPending ? (
          <Spinner label={t({ id: "shop.history.cancelling", message: "Cancelling" })} className="size-4" />
        ) : (
          <X aria-hidden="true" />
        )}
        {t({ id: "shop.history.cancel", message: "Cancel" })}
        <span className="sr-only">{` ${what}`}</span>
      </Button>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            cancelButton.current?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "shop.history.cancel.title", message: "Cancel this order?" })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t({
                id: "shop.history.cancel.text",
                message: `${what} will not be charged, and its payment page will stop working. Your cart is kept.`,
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>
              {t({ id: "shop.history.cancel.keep", message: "Keep the order" })}
            </AlertDialogCancel>
            <AlertDialogAction onClick={() => void cancel()}>
              {t({ id: "shop.history.cancel.confirm", message: "Cancel the order" })}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** One order on the order history: date, items, total and state; its lines open below. */
export function OrderHistoryCard({ order }: { order: OrderSummary }) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const date = formatDate(order.createdAt);
  const items = itemsOf(order);
  const total = formatOrderCents(order.totalCents);
  const what = t({ id: "shop.history.order-of", message: `the order of ${date} (${total})` });

  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-xl border bg-card text-card-foreground shadow-xs">
        <div className="space-y-3 p-4">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0 space-y-1">
              <h2 id={titleId} className="font-medium">
                <time dateTime={order.createdAt}>{date}</time>
                <span className="sr-only">{`, ${items}`}</span>
              </h2>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" aria-hidden="true">
                {items}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <OrderStatusBadge status={order.status} />
              <p className="font-semibold whitespace-nowrap tabular-nums">
                {total}
                <span className="sr-only"> {t({ id: "shop.history.per-month", message: "per month" })}</span>
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ExpandButton
              expanded={expanded}
              controls={detailsId}
              onToggle={() => setExpanded((value) => !value)}
            >
              {expanded
                ? t({ id: "shop.history.hide-details", message: "Hide details" })
                : t({ id: "shop.history.show-details", message: "Show details" })}
              <span className="sr-only"> {t({ id: "shop.history.details-of", message: `of ${what}` })}</span>
            </ExpandButton>
            {order.receiptUrl ? (
              <Button asChild size="sm" variant="outline">
                <a href={order.receiptUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  {t({ id: "shop.history.receipt", message: "Receipt" })}
                  <span className="sr-only">
                    {" "}
                    {t({ id: "shop.history.receipt-of", message: `of ${what} (opens in a new tab)` })}
                  </span>
                </a>
              </Button>
            ) : null}
            {order.status === "open" ? <OpenOrderActions order={order} what={what} /> : null}
          </div>
        </div>
        {expanded ? (
          <div id={detailsId} className="border-t px-4 py-3">
            <OrderLines order={order} />
          </div>
        ) : null}
      </article>
    </li>
  );
}
