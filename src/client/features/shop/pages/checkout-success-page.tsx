import { CircleCheck, CircleX, ExternalLink, Receipt } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { formatCents } from "../../../../shared/shop/pricing";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useSessionUser } from "../../../lib/session";
import { useOrderBySession } from "../api/get-order-by-session";

function ViewTransaction() {
  return (
    <Button asChild variant="outline">
      <Link to="/billing/transactions">
        <Receipt aria-hidden="true" />
        View Transaction
      </Link>
    </Button>
  );
}

/**
 * Where the payment provider sends the customer back. It says what the server knows of the order:
 * paid, still being confirmed (the provider's event may come a moment after the redirect), or not
 * one of theirs.
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const { user } = useSessionUser();
  const order = useOrderBySession(sessionId);

  if (!sessionId || order.data === null) {
    return (
      <div className="mx-auto max-w-2xl space-y-6">
        <PageHeader title="Payment not found" />
        <p>
          We could not find a payment of yours for this page. If you have just paid, your transactions will
          show it.
        </p>
        <div className="flex flex-wrap gap-3">
          <ViewTransaction />
          <Button asChild variant="ghost">
            <Link to="/orders">Back to plans</Link>
          </Button>
        </div>
      </div>
    );
  }
  if (order.isPending) return <Spinner label="Checking your payment" />;
  if (order.isError) {
    return (
      <ErrorState
        title="Your payment could not be checked"
        error={order.error}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  }
  const { status } = order.data;
  if (status === "open") {
    return (
      <div className="mx-auto max-w-2xl space-y-6">
        <PageHeader title="Confirming your payment…" />
        <Spinner label="Waiting for the payment provider to confirm your payment" />
        <p className="text-muted-foreground">
          This usually takes a few seconds. You can leave this page: the payment will appear in your
          transactions.
        </p>
        <p className="text-sm text-muted-foreground">
          Session ID: <code className="break-all">{sessionId}</code>
        </p>
      </div>
    );
  }
  if (status !== "paid") {
    return (
      <div className="mx-auto max-w-2xl space-y-6">
        <PageHeader title="Payment not completed" />
        <p className="flex items-center gap-2">
          <CircleX aria-hidden="true" className="size-5 text-destructive" />
          This checkout was {status}. Nothing was charged.
        </p>
        <Button asChild>
          <Link to="/orders">Back to plans</Link>
        </Button>
      </div>
    );
  }

  const onboardingUrl = user?.onboardingUrl;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title="Payment Successful!" />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <CircleCheck aria-hidden="true" className="size-6 text-success" />
            Thank you for your order
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-muted-foreground">
            Session ID: <code className="break-all">{sessionId}</code>
          </p>
          <ul className="divide-y text-sm">
            {order.data.lines.map((line) => (
              <li key={line.key} className="flex justify-between py-2">
                <span>
                  {line.quantity} × {line.name}
                </span>
                <span className="tabular-nums">{formatCents(line.totalCents)}</span>
              </li>
            ))}
          </ul>
          <p className="font-medium">Total per month: {formatCents(order.data.totalCents)}</p>
          <p>
            Billing is monthly, and from next month you are charged only for the accounts we have delivered to
            you.
          </p>
          <p>
            We will set up a communication channel with you to hand over your accounts and keep you updated on
            their delivery.
          </p>
          <div className="flex flex-wrap gap-3">
            {order.data.firstPaidOrder && onboardingUrl ? (
              <Button asChild>
                <a href={onboardingUrl} target="_blank" rel="noreferrer">
                  Complete Onboarding
                  <ExternalLink aria-hidden="true" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : null}
            <ViewTransaction />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
