import { CircleCheck } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import type { Transaction } from "../../../../shared/api/transactions";
import { PAYMENT_KIND_LABELS, paymentKindOf } from "../../../../shared/billing/payment-kinds";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatCount, formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/use-toast";
import { useUnlinkedPayments } from "../api/get-unlinked-payments";
import { LinkPaymentDialog, paymentAmount } from "../components/link-payment-dialog";

const TITLE = "Payments without a customer";
const DESCRIPTION =
  "Payments whose event named no customer the portal knows. Link each to its customer: it moves into their transaction history.";

function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {children}
    </div>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Loading payments" className="space-y-3">
      <span className="sr-only">Loading payments</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="space-y-3 rounded-xl border bg-card p-4">
          <Skeleton className="h-5 w-2/5" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      ))}
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function PaymentCard({ payment, onLink }: { payment: Transaction; onLink: () => void }) {
  const at = payment.createdTime ?? payment.createdAt;
  const payer = [payment.name, payment.email].filter(Boolean).join(", ");
  return (
    <li className="rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="flex flex-wrap items-center gap-2 font-medium">
            <Badge variant="outline">{PAYMENT_KIND_LABELS[paymentKindOf(payment.eventType ?? "")]}</Badge>
            <span className="tabular-nums">{paymentAmount(payment)}</span>
          </h2>
          <p className="text-sm text-muted-foreground">
            <time dateTime={at}>{formatDateTime(at)}</time>
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onLink}>
          Link to customer<span className="sr-only">{`: ${payment.eventId ?? `payment ${payment.id}`}`}</span>
        </Button>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field label="Event">
          <span className="font-mono text-xs break-all">{payment.eventId ?? "—"}</span>
          {payment.eventType ? (
            <span className="block text-xs text-muted-foreground">{payment.eventType}</span>
          ) : null}
        </Field>
        <Field label="Stripe customer">
          {payment.stripeCustomerId ? (
            <span className="font-mono text-xs break-all">{payment.stripeCustomerId}</span>
          ) : (
            "Not given"
          )}
        </Field>
        <Field label="Payer as the payment names them">{payer || "Not given"}</Field>
        <Field label="Product">{payment.product ?? "—"}</Field>
      </dl>
    </li>
  );
}

/** The admin's list of payments that found no customer, each with "Link to customer" (decision 038). */
export function UnlinkedPaymentsPage() {
  const list = useUnlinkedPayments();
  const [linking, setLinking] = useState<Transaction | null>(null);
  const countLine = useRef<HTMLParagraphElement>(null);

  if (list.isPending) {
    return (
      <Screen>
        <Loading />
      </Screen>
    );
  }
  if (!list.data) {
    return (
      <Screen>
        <ErrorState
          title="The payments could not be loaded"
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      </Screen>
    );
  }

  const payments = list.data;
  return (
    <Screen>
      {list.error ? (
        <ErrorState
          title="The payments could not be refreshed"
          note="The list below may be out of date."
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <p ref={countLine} tabIndex={-1} role="status" className="text-sm text-muted-foreground outline-none">
        {payments.length === 1
          ? "1 payment without a customer"
          : `${formatCount(payments.length)} payments without a customer`}
      </p>
      {payments.length === 0 ? (
        <EmptyState icon={<CircleCheck aria-hidden="true" />} title="Every payment has its customer">
          A payment whose event names no customer the portal knows appears here, for you to link.
        </EmptyState>
      ) : (
        <ul aria-label="Payments without a customer" className="space-y-3">
          {payments.map((payment) => (
            <PaymentCard key={payment.id} payment={payment} onLink={() => setLinking(payment)} />
          ))}
        </ul>
      )}
      {linking ? (
        <LinkPaymentDialog
          payment={linking}
          onClose={() => setLinking(null)}
          onLinked={(answer) => {
            setLinking(null);
            toast({ title: "Payment linked", description: answer.message });
            // The card and its button are gone: focus goes to the count that says what is left, once
            // the dialog has closed (it would give focus back to the button it came from).
            setTimeout(() => countLine.current?.focus(), 0);
          }}
        />
      ) : null}
    </Screen>
  );
}
