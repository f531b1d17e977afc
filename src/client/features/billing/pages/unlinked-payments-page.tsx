import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import type { Transaction } from "../../../../shared/api/transactions";
import { paymentKindOf } from "../../../../shared/billing/payment-kinds";
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
import { PAYMENT_KIND_WORDS } from "../components/transaction-format";

const TITLE = msg({ id: "billing.unlinked.title", message: "Payments without a customer" });
const DESCRIPTION = msg({
  id: "billing.unlinked.description",
  message:
    "Payments whose event named no customer the portal knows. Link each to its customer: it moves into their transaction history.",
});

function Screen({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader title={i18n._(TITLE)} description={i18n._(DESCRIPTION)} />
      {children}
    </div>
  );
}

function Loading() {
  const { t } = useLingui();
  const label = t({ id: "billing.unlinked.loading", message: "Loading payments" });
  return (
    <div role="status" aria-label={label} className="space-y-3">
      <span className="sr-only">{label}</span>
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
  const { i18n, t } = useLingui();
  const notGiven = t({ id: "billing.unlinked.not-given", message: "Not given" });
  const eventId = payment.eventId;
  const paymentId = String(payment.id);
  const at = payment.createdTime ?? payment.createdAt;
  const payer = [payment.name, payment.email].filter(Boolean).join(", ");
  return (
    <li className="rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="flex flex-wrap items-center gap-2 font-medium">
            <Badge variant="outline">
              {i18n._(PAYMENT_KIND_WORDS[paymentKindOf(payment.eventType ?? "")])}
            </Badge>
            <span className="tabular-nums">{paymentAmount(payment)}</span>
          </h2>
          <p className="text-sm text-muted-foreground">
            <time dateTime={at}>{formatDateTime(at)}</time>
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onLink}>
          {eventId === null ? (
            <Trans id="billing.unlinked.link-payment">
              Link to customer<span className="sr-only">: payment {paymentId}</span>
            </Trans>
          ) : (
            <Trans id="billing.unlinked.link-event">
              Link to customer<span className="sr-only">: {eventId}</span>
            </Trans>
          )}
        </Button>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field label={t({ id: "billing.unlinked.event", message: "Event" })}>
          <span className="font-mono text-xs break-all">{payment.eventId ?? "—"}</span>
          {payment.eventType ? (
            <span className="block text-xs text-muted-foreground">{payment.eventType}</span>
          ) : null}
        </Field>
        <Field label={t({ id: "billing.unlinked.stripe-customer", message: "Stripe customer" })}>
          {payment.stripeCustomerId ? (
            <span className="font-mono text-xs break-all">{payment.stripeCustomerId}</span>
          ) : (
            notGiven
          )}
        </Field>
        <Field label={t({ id: "billing.unlinked.payer", message: "Payer as the payment names them" })}>
          {payer || notGiven}
        </Field>
        <Field label={t({ id: "billing.unlinked.product", message: "Product" })}>
          {payment.product ?? "—"}
        </Field>
      </dl>
    </li>
  );
}

/** The admin's list of payments that found no customer, each with "Link to customer" (decision 038). */
export function UnlinkedPaymentsPage() {
  const { i18n, t } = useLingui();
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
          title={t({ id: "billing.unlinked.load-failed", message: "The payments could not be loaded" })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      </Screen>
    );
  }

  const payments = list.data;
  const count = payments.length;
  const countText = formatCount(count);
  return (
    <Screen>
      {list.error ? (
        <ErrorState
          title={t({ id: "billing.unlinked.refresh-failed", message: "The payments could not be refreshed" })}
          note={t({ id: "billing.unlinked.out-of-date", message: "The list below may be out of date." })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <p ref={countLine} tabIndex={-1} role="status" className="text-sm text-muted-foreground outline-none">
        {t({
          id: "billing.unlinked.count",
          message: plural(count, {
            one: `${countText} payment without a customer`,
            other: `${countText} payments without a customer`,
          }),
        })}
      </p>
      {payments.length === 0 ? (
        <EmptyState
          icon={<CircleCheck aria-hidden="true" />}
          title={t({ id: "billing.unlinked.none", message: "Every payment has its customer" })}
        >
          {t({
            id: "billing.unlinked.none-text",
            message:
              "A payment whose event names no customer the portal knows appears here, for you to link.",
          })}
        </EmptyState>
      ) : (
        <ul aria-label={i18n._(TITLE)} className="space-y-3">
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
            toast({
              title: t({ id: "billing.unlinked.linked", message: "Payment linked" }),
              description: answer.message,
            });
            // The card and its button are gone: focus goes to the count that says what is left, once
            // the dialog has closed (it would give focus back to the button it came from).
            setTimeout(() => countLine.current?.focus(), 0);
          }}
        />
      ) : null}
    </Screen>
  );
}
