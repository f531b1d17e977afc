import { useMemo } from "react";
import { useNavigate } from "react-router";
import type { ProductKey } from "../../../../shared/shop/catalogue";
import { formatCents, priceOrder } from "../../../../shared/shop/pricing";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useSessionUser } from "../../../lib/session";
import { toast } from "../../../lib/use-toast";
import { useCatalogue } from "../api/get-catalogue";
import { type CartChange, useCart } from "../cart/cart-store";
import { savedOrderOf, saveOrder } from "../cart/saved-order";
import { CartPanel } from "../components/cart-panel";
import { ProductCard } from "../components/product-card";

const CHANGE_TOASTS: Record<CartChange, (name: string) => { title: string; description: string }> = {
  added: (name) => ({ title: "Added to Cart", description: `${name} is in your cart.` }),
  updated: (name) => ({ title: "Cart Updated", description: `The quantity of ${name} was changed.` }),
  removed: (name) => ({ title: "Item Removed", description: `${name} was removed from your cart.` }),
};

function SignedOutShop() {
  return (
    <div className="space-y-6">
      <PageHeader title="LinkedIn Account Plans" />
      <SignedOutPanel title="Please log in to place orders" />
    </div>
  );
}

export function OrdersPage() {
  const { user } = useSessionUser();
  if (!user) return <SignedOutShop />;
  return <Shop uid={user.uid} />;
}

function Shop({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const cart = useCart(uid);
  const items = catalogue.data?.items ?? [];
  const tiers = catalogue.data?.volumeTiers ?? [];
  const priced = useMemo(() => priceOrder(cart.lines, items, tiers), [cart.lines, items, tiers]);
  const nameOf = (key: ProductKey) => items.find((item) => item.key === key)?.name ?? key;

  const change = (key: ProductKey, kind: CartChange) => toast(CHANGE_TOASTS[kind](nameOf(key)));

  function confirmAndCheckout() {
    if (priced.lines.length === 0) {
      toast({
        variant: "destructive",
        title: "Cart Empty",
        description: "Please add items to your cart before checkout",
      });
      return;
    }
    saveOrder(savedOrderOf(cart.lines, items));
    void navigate("/checkout");
  }

  const plans = items.filter((item) => item.kind === "plan");
  const addOns = items.filter((item) => item.kind === "addon");
  const inCart = (key: ProductKey) => cart.lines.find((line) => line.key === key)?.quantity ?? 0;
  const cartCount = cart.lines.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <div className="space-y-6 pb-20 lg:pb-0">
      <PageHeader
        title="LinkedIn Account Plans"
        description={`Monthly plans, billed only for the accounts we deliver.${
          tiers[0] ? ` Order ${tiers[0].minAccounts} accounts or more for a volume discount.` : ""
        }`}
      />
      {catalogue.isPending ? (
        <Spinner label="Loading the plans" />
      ) : catalogue.isError ? (
        <ErrorState
          title="The plans could not be loaded"
          error={catalogue.error}
          onRetry={() => void catalogue.refetch()}
          retrying={catalogue.isFetching}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <div className="space-y-8">
            {(
              [
                ["plans", "Plans", plans],
                ["addons", "Add-ons", addOns],
              ] as const
            ).map(([id, title, list]) => (
              <section key={id} aria-labelledby={`${id}-title`} className="space-y-3">
                <h2 id={`${id}-title`} className="text-lg font-semibold">
                  {title}
                </h2>
                {/* As many cards as fit the column, whatever the sidebar and the cart leave of the screen. */}
                <div className="grid grid-cols-[repeat(auto-fill,minmax(min(16rem,100%),1fr))] gap-4">
                  {list.map((item) => (
                    <ProductCard
                      key={item.key}
                      item={item}
                      inCart={inCart(item.key)}
                      onAdd={() => change(item.key, cart.add(item.key))}
                    />
                  ))}
                </div>
              </section>
            ))}
          </div>
          <div className="lg:sticky lg:top-6">
            <CartPanel
              priced={priced}
              tiers={tiers}
              onQuantity={(key, quantity) => change(key, cart.setQuantity(key, quantity))}
              onCheckout={confirmAndCheckout}
            />
          </div>
        </div>
      )}
      {cartCount > 0 ? (
        // On a phone the cart sits below the grid: this bar keeps it one tap away.
        <div className="fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 p-3 backdrop-blur lg:hidden">
          <Button
            className="w-full"
            onClick={() => {
              const target = document.getElementById("cart");
              target?.scrollIntoView({ behavior: "smooth", block: "start" });
              target?.focus({ preventScroll: true });
            }}
          >
            View cart ({cartCount}) · {formatCents(priced.totalCents)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
