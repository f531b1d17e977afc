import { LoaderCircle } from "lucide-react";
import { BrandMark, PRODUCT_NAME } from "../../../components/brand-mark";

export function PayPage() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 p-6">
      <title>{`Payment · ${PRODUCT_NAME}`}</title>
      <BrandMark />
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary" />
        <h1 className="text-xl font-semibold tracking-tight">Redirecting to payment…</h1>
        <p className="text-sm text-muted-foreground">Please wait while we prepare your secure checkout.</p>
      </div>
    </main>
  );
}
