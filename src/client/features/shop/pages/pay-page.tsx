import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { isPayProductKey, PAY_PRODUCT_KEYS } from "../../../../shared/shop/catalogue";
import { BrandMark, PRODUCT_NAME } from "../../../components/brand-mark";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { failureText } from "../../../lib/api-error";
import { startPaymentLink } from "../api/start-payment-link";

/** The spec's two messages for a link that cannot work (section 5). */
function linkProblem(uid: string | null, product: string | null): string | null {
  if (!uid || !product) return "Missing required parameters: uid and product";
  if (!isPayProductKey(product)) return `Invalid product key. Must be one of: ${PAY_PRODUCT_KEYS.join(", ")}`;
  return null;
}

/** A payment link, open to everyone: `/pay?uid=..&product=..` goes straight to the payment page. */
export function PayPage() {
  const [params] = useSearchParams();
  const uid = params.get("uid");
  const product = params.get("product");
  const problem = linkProblem(uid, product);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (problem || !uid || !product || started.current) return;
    // Once only, even when React runs the effect twice in development.
    started.current = true;
    startPaymentLink(uid, product).then(
      (url) => window.location.assign(url),
      (error: unknown) => setFailure(failureText(error, "The payment could not be started")),
    );
  }, [problem, uid, product]);

  const error = problem ?? failure;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 p-6">
      <title>{`Payment · ${PRODUCT_NAME}`}</title>
      <BrandMark />
      {error ? (
        <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
          <h1 className="text-xl font-semibold tracking-tight">This payment link does not work</h1>
          <p className="text-muted-foreground">{error}</p>
          <Button asChild>
            <Link to="/">Return to Home</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-4 text-center">
          <Spinner label="Redirecting to payment" className="size-10" />
          <h1 className="text-xl font-semibold tracking-tight">Redirecting to payment…</h1>
          <p className="text-sm text-muted-foreground">Please wait while we prepare your secure checkout.</p>
        </div>
      )}
    </main>
  );
}
