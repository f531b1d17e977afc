import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { isPayProductKey, PAY_PRODUCT_KEYS } from "../../../../shared/shop/catalogue";
import { BrandMark, PRODUCT_NAME } from "../../../components/brand-mark";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { failureText } from "../../../lib/api-error";
import { startPaymentLink } from "../api/start-payment-link";

const keys = PAY_PRODUCT_KEYS.join(", ");

/** The spec's two messages for a link that cannot work (section 5). */
const MISSING = msg({
  id: "shop.pay.missing-parameters",
  message: "Missing required parameters: uid and product",
});
const INVALID = msg({
  id: "shop.pay.invalid-product",
  message: `Invalid product key. Must be one of: ${keys}`,
});

function linkProblem(uid: string | null, product: string | null): MessageDescriptor | null {
  if (!uid || !product) return MISSING;
  if (!isPayProductKey(product)) return INVALID;
  return null;
}

/** A payment link, open to everyone: `/pay?uid=..&product=..` goes straight to the payment page. */
export function PayPage() {
  const { i18n, t } = useLingui();
  const [params] = useSearchParams();
  const uid = params.get("uid");
  const product = params.get("product");
  const problem = linkProblem(uid, product);
  // What failed, in the words of the moment it failed (the server's text speaks the page's language).
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (problem || !uid || !product || started.current) return;
    // Once only, even when React runs the effect twice in development.
    started.current = true;
    startPaymentLink(uid, product).then(
      (url) => window.location.assign(url),
      (error: unknown) =>
        setFailure(
          failureText(
            error,
            i18n._(msg({ id: "shop.pay.failed", message: "The payment could not be started" })),
          ),
        ),
    );
  }, [problem, uid, product, i18n]);

  const error = problem ? i18n._(problem) : failure;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 p-6">
      <title>{`${t({ id: "shop.pay.tab-title", message: "Payment" })} · ${PRODUCT_NAME}`}</title>
      <BrandMark />
      {error ? (
        <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
          <h1 className="text-xl font-semibold tracking-tight">
            {t({ id: "shop.pay.not-working", message: "This payment link does not work" })}
          </h1>
          <p className="text-muted-foreground">{error}</p>
          <Button asChild>
            <Link to="/">{t({ id: "shop.pay.home", message: "Return to Home" })}</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-4 text-center">
          <Spinner
            label={t({ id: "shop.pay.redirecting", message: "Redirecting to payment" })}
            className="size-10"
          />
          <h1 className="text-xl font-semibold tracking-tight">
            {t({ id: "shop.pay.redirecting-title", message: "Redirecting to payment…" })}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t({ id: "shop.pay.please-wait", message: "Please wait while we prepare your secure checkout." })}
          </p>
        </div>
      )}
    </main>
  );
}
