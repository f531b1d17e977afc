import { ExternalLink } from "lucide-react";
import { memo, type ReactNode, useId, useState } from "react";
import type { Transaction } from "../../../../shared/api/transactions";
import { ExpandButton } from "../../../components/expand-button";
import { Button } from "../../../components/ui/button";
import { formatDate, formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { EventTypeBadge } from "./event-type-badge";
import { addressLines, formatMoney, transactionTime } from "./transaction-format";

const NO_PRODUCT = "Unnamed product";

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

/** What an expanded card adds: the payment's references and the buyer's details, each when there is one. */
function TransactionDetails({ id, transaction }: { id: string; transaction: Transaction }) {
  const time = transactionTime(transaction);
  const address = addressLines(transaction);
  const product = transaction.product ?? NO_PRODUCT;
  return (
    <div id={id} className="space-y-3 border-t px-4 py-3 sm:pl-16">
      <dl className="divide-y">
        <Field label="Date and time">
          <time dateTime={time}>{formatDateTime(time)}</time>
        </Field>
        {present(transaction.eventId) ? (
          <Field label="Event ID" className="font-mono text-xs break-all">
            {transaction.eventId}
          </Field>
        ) : null}
        {present(transaction.clientRefId) ? (
          <Field label="Client reference ID" className="font-mono text-xs break-all">
            {transaction.clientRefId}
          </Field>
        ) : null}
        {present(transaction.object) ? <Field label="Object">{transaction.object}</Field> : null}
        {present(transaction.discounts) ? <Field label="Discounts">{transaction.discounts}</Field> : null}
        {present(transaction.email) ? <Field label="Email">{transaction.email}</Field> : null}
        {present(transaction.phone) ? <Field label="Phone">{transaction.phone}</Field> : null}
        {address.length > 0 ? (
          <Field label="Address">
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </Field>
        ) : null}
      </dl>
      {transaction.receiptUrl ? (
        <Button asChild variant="outline" size="sm">
          <a href={transaction.receiptUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {transaction.object === "invoice" ? "View invoice" : "View receipt"}
            <span className="sr-only">{` for ${product} (opens in a new tab)`}</span>
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * One transaction as a card: product, event type, date, name and amount; its details open below.
 * Memoized: typing in the search renders the list again, and most cards have not changed.
 */
export const TransactionCard = memo(function TransactionCard({ transaction }: { transaction: Transaction }) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const product = transaction.product ?? NO_PRODUCT;
  const time = transactionTime(transaction);
  const date = formatDate(time);
  const amount = formatMoney(transaction.amountCents, transaction.currency);

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
            label={`Details of ${product}, ${date}, ${amount}`}
            onToggle={() => setExpanded((value) => !value)}
          />
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id={titleId} className="min-w-0 font-medium [overflow-wrap:anywhere]">
                {product}
              </h2>
              <p className="font-semibold tabular-nums">{amount}</p>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-muted-foreground">
              {transaction.eventType ? <EventTypeBadge eventType={transaction.eventType} /> : null}
              <time dateTime={time}>{date}</time>
              {present(transaction.name) ? (
                <span className="min-w-0 [overflow-wrap:anywhere]">{transaction.name}</span>
              ) : null}
            </div>
          </div>
        </div>
        {expanded ? <TransactionDetails id={detailsId} transaction={transaction} /> : null}
      </article>
    </li>
  );
});
