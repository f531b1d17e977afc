import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "../../../components/brand-mark";
import { Button } from "../../../components/ui/button";
import { useSessionUser } from "../../../lib/session";

/**
 * Where the payment page sends its payer back. Signed in, the page sits in the signed-in layout (the
 * router puts it there); signed out, as the payer of a payment link often is, it has this frame of
 * its own: the brand, the page, nothing that needs an account.
 */
export function CheckoutReturnFrame({ children }: { children: ReactNode }) {
  const { user } = useSessionUser();
  if (user) return children;
  return (
    <div className="min-h-svh bg-background">
      <header className="flex h-14 items-center border-b px-4 sm:px-6">
        <BrandMark />
      </header>
      <main id="main-content" className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}

/** For a signed-out payer: what they bought is theirs to follow once they sign in. */
export function SignInToSeeAccounts() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        {t({
          id: "shop.return.in-the-portal",
          message: "Your accounts, orders and receipts are in the portal.",
        })}
      </p>
      <Button asChild>
        <Link to="/login?next=/accounts/linkedin">
          {t({ id: "shop.return.sign-in", message: "Sign in to see your accounts" })}
        </Link>
      </Button>
    </div>
  );
}
