import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useRef, useState } from "react";
import type { LinkPaymentAnswer, Transaction } from "../../../../shared/api/transactions";
import { signedAmountCents } from "../../../../shared/billing/payment-kinds";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-error";
import { formatMoney } from "../../../lib/money";
import { useLinkPayment } from "../api/link-payment";

/** A payment's amount as the admin's list shows it: a refund with a minus sign. */
export function paymentAmount(payment: Pick<Transaction, "eventType" | "amountCents" | "currency">): string {
  return formatMoney(signedAmountCents(payment.eventType, payment.amountCents), payment.currency);
}

/**
 * "Link to customer": the admin types the customer's exact email or UID; the server finds them, or
 * says no one has it. A link is for good: the dialog says so before it is made.
 */
export function LinkPaymentDialog({
  payment,
  onClose,
  onLinked,
}: {
  payment: Transaction;
  onClose: () => void;
  onLinked: (answer: LinkPaymentAnswer) => void;
}) {
  const { t } = useLingui();
  const [customer, setCustomer] = useState("");
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const link = useLinkPayment({ onSuccess: onLinked });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = customer.trim();
    if (typed === "") {
      setError(t({ id: "billing.link.customer-missing", message: "Type the customer's email or UID" }));
      input.current?.focus();
      return;
    }
    setError(undefined);
    link.mutate(
      { transactionId: payment.id, customer: typed },
      {
        onError: (failure) => {
          setError(
            errorMessage(
              failure,
              t({ id: "billing.link.failed", message: "The payment could not be linked. Please try again." }),
            ),
          );
          input.current?.focus();
        },
      },
    );
  };

  const amount = paymentAmount(payment);
  const customerId = payment.stripeCustomerId;
  const description =
    customerId === null
      ? t({
          id: "billing.link.description-same-payer",
          message: `The ${amount} payment moves into this customer's transaction history, and their later payments as the same payer go there too. It cannot be moved to someone else afterwards.`,
        })
      : t({
          id: "billing.link.description",
          message: `The ${amount} payment moves into this customer's transaction history, and their later payments as ${customerId} go there too. It cannot be moved to someone else afterwards.`,
        });

  return (
    <AlertDialog open onOpenChange={(open) => (open || link.isPending ? undefined : onClose())}>
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          input.current?.focus();
        }}
      >
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "billing.link.title", message: "Link to customer" })}
            </AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <FormField
            label={t({ id: "billing.link.customer-label", message: "Customer's email or UID" })}
            error={error}
            hint={t({
              id: "billing.link.customer-hint",
              message: "Exactly as the portal has it: the email in any case, or the whole UID.",
            })}
          >
            {(control) => (
              <Input
                {...control}
                ref={input}
                autoComplete="off"
                spellCheck={false}
                maxLength={255}
                value={customer}
                onChange={(event) => setCustomer(event.target.value)}
              />
            )}
          </FormField>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={link.isPending}>
              {t({ id: "billing.link.cancel", message: "Cancel" })}
            </AlertDialogCancel>
            <SubmitButton
              pending={link.isPending}
              pendingLabel={t({ id: "billing.link.linking", message: "Linking…" })}
            >
              {t({ id: "billing.link.submit", message: "Link payment" })}
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
