import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import { memo, type ReactNode, useId, useState } from "react";
import type { Transaction } from "../../../../shared/api/transactions";
import { paymentKindOf } from "../../../../shared/billing/payment-kinds";
import { ExpandButton } from "../../../components/expand-button";
import { Button } from "../../../components/ui/button";
import { formatDate, formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { EventTypeBadge } from "./event-type-badge";
import { PayNowButton } from "./pay-now-button";
import { addressLines, formatSignedMoney, PAYMENT_KIND_WORDS, transactionTime } from "./transaction-format";

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="grid gap-0.5 py-1.5 text-sm sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn("min-w-0 [overflow-wrap:anywhere]", className)}>{children}</dd>
    </div>
  );
}

function present(value: string | null): value is string {
  return value !== null && value.trim() !== "";
}

/** An id of the payment provider's or the portal's: in the details only, in a font that tells 0 from O. */
function IdField({ label, value }: { label: string; value: string | null }) {
  return present(value) ? (
    <Field label={label} className="font-mono text-xs break-all">
      {value}
    </Field>
  ) : null;
}

/**
 * What a card offers beside its summary: Pay now on a failed payment that can still be paid, else
 * the payment's receipt (a failed one's invoice) at the payment provider.
 */
function TransactionActions({ transaction, product }: { transaction: Transaction; product: string }) {
  const kind = paymentKindOf(transaction.eventType);
  if (transaction.payNow) return <PayNowButton transactionId={transaction.id} description={product} />;
  if (!transaction.receiptUrl) return null;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={transaction.receiptUrl} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        {/* A failed payment's page is its invoice; any other payment's is its receipt. */}
        {kind === "failed" ? (
          <Trans id="billing.transaction.view-invoice">
            View invoice <span className="sr-only">for {product} (opens in a new tab)</span>
          </Trans>
        ) : (
          <Trans id="billing.transaction.view-receipt">
            View receipt <span className="sr-only">for {product} (opens in a new tab)</span>
          </Trans>
        )}
      </a>
    </Button>
  );
}

/** What an expanded card adds: the payment's codes and references, and the buyer's details, each when there is one. */
function TransactionDetails({ id, transaction }: { id: string; transaction: Transaction }) {
  const { t } = useLingui();
  const time = transactionTime(transaction);
  const address = addressLines(transaction);
  return (
    <div id={id} className="border-t px-4 py-3 sm:pl-16">
      <dl className="divide-y">
        <Field label={t({ id: "billing.transaction.date-time", message: "Date and time" })}>
          <time dateTime={time}>{formatDateTime(time)}</time>
        </Field>
        <IdField
          label={t({ id: "billing.transaction.event-type", message: "Event type" })}
          value={transaction.eventType}
        />
        <IdField
          label={t({ id: "billing.transaction.event-id", message: "Event ID" })}
          value={transaction.eventId}
        />
        <IdField
          label={t({ id: "billing.transaction.checkout-session", message: "Checkout session" })}
          value={transaction.csLiveId}
        />
        <IdField
          label={t({ id: "billing.transaction.client-reference-id", message: "Client reference ID" })}
          value={transaction.clientRefId}
        />
        <IdField
          label={t({ id: "billing.transaction.customer-id", message: "Customer ID" })}
          value={transaction.stripeCustomerId}
        />
        {present(transaction.object) ? (
          <Field label={t({ id: "billing.transaction.object", message: "Object" })}>
            {transaction.object}
          </Field>
        ) : null}
        {present(transaction.discounts) ? (
          <Field label={t({ id: "billing.transaction.discounts", message: "Discounts" })}>
            {transaction.discounts}
          </Field>
        ) : null}
        {present(transaction.email) ? (
          <Field label={t({ id: "billing.transaction.email", message: "Email" })}>{transaction.email}</Field>
        ) : null}
        {present(transaction.phone) ? (
          <Field label={t({ id: "billing.transaction.phone", message: "Phone" })}>{transaction.phone}</Field>
        ) : null}
        {address.length > 0 ? (
          <Field label={t({ id: "billing.transaction.address", message: "Address" })}>
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </Field>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * One transaction as a card: product, what it was (Payment, Renewal, Payment failed, Refund), date,
 * name and amount (a refund's negative), with its receipt or Pay now; the codes and ids open below.
 * Memoized: typing in the search renders the list again, and most cards have not changed.
 */
export const TransactionCard = memo(function TransactionCard({ transaction }: { transaction: Transaction }) {
  const { i18n, t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const product =
    transaction.product ?? t({ id: "billing.transaction.unnamed-product", message: "Unnamed product" });
  const time = transactionTime(transaction);
  const date = formatDate(time);
  const amount = formatSignedMoney(transaction);
  const kind = i18n._(PAYMENT_KIND_WORDS[paymentKindOf(transaction.eventType)]);

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={cn("rounded-xl border bg-card text-card-foreground shadow-xs", expanded && "shadow-sm")}
      >
        <div className="flex items-start gap-3 p-4">
          <ExpandButton
            variant="ghost"
            size="icon"
            className="-mt-1 -ml-1 shrink-0"
            chevron="right"
            expanded={expanded}
            controls={detailsId}
            label={t({
              id: "billing.transaction.details-label",
              message: `Details of ${kind}: ${product}, ${date}, ${amount}`,
            })}
            onToggle={() => setExpanded((value) => !value)}
          />
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id={titleId} className="min-w-0 font-medium [overflow-wrap:anywhere]">
                {product}
              </h2>
              <p className="font-semibold whitespace-nowrap tabular-nums">{amount}</p>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-muted-foreground">
              {transaction.eventType ? <EventTypeBadge eventType={transaction.eventType} /> : null}
              <time dateTime={time}>{date}</time>
              {present(transaction.name) ? (
                <span className="min-w-0 [overflow-wrap:anywhere]">{transaction.name}</span>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2 empty:hidden">
              <TransactionActions transaction={transaction} product={product} />
            </div>
          </div>
        </div>
        {expanded ? <TransactionDetails id={detailsId} transaction={transaction} /> : null}
      </article>
    </li>
  );
});
