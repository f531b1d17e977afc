import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import type { ProductKey } from "../../../../shared/shop/catalogue";
import { priceOrder } from "../../../../shared/shop/pricing";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { revealSection } from "../../../lib/reveal-section";
import { useSessionUser } from "../../../lib/session";
import { toast } from "../../../lib/use-toast";
import { useCatalogue } from "../api/get-catalogue";
import { type CartChange, useCart } from "../cart/cart-store";
import { savedOrderOf, saveOrder } from "../cart/saved-order";
import { CartPanel } from "../components/cart-panel";
import { formatOrderCents } from "../components/order-lines";
import { ProductCard } from "../components/product-card";

function SignedOutShop() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader title={t({ id: "shop.plans.title", message: "LinkedIn Account Plans" })} />
      <SignedOutPanel title={t({ id: "shop.plans.signed-out", message: "Please log in to place orders" })} />
    </div>
  );
}

export function OrdersPage() {
  const { user } = useSessionUser();
  if (!user) return <SignedOutShop />;
  return <Shop uid={user.uid} />;
}

function Shop({ uid }: { uid: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const cart = useCart(uid);
  const items = catalogue.data?.items ?? [];
  const tiers = catalogue.data?.volumeTiers ?? [];
  const priced = useMemo(() => priceOrder(cart.lines, items, tiers), [cart.lines, items, tiers]);
  const nameOf = (key: ProductKey) => items.find((item) => item.key === key)?.name ?? key;

  const change = (key: ProductKey, kind: CartChange) => {
    const name = nameOf(key);
    toast(
      kind === "added"
        ? {
            title: t({ id: "shop.cart.added.title", message: "Added to Cart" }),
            description: t({ id: "shop.cart.added.text", message: `${name} is in your cart.` }),
          }
        : kind === "updated"
          ? {
              title: t({ id: "shop.cart.updated.title", message: "Cart Updated" }),
              description: t({
                id: "shop.cart.updated.text",
                message: `The quantity of ${name} was changed.`,
              }),
            }
          : {
              title: t({ id: "shop.cart.removed.title", message: "Item Removed" }),
              description: t({
                id: "shop.cart.removed.text",
                message: `${name} was removed from your cart.`,
              }),
            },
    );
  };

  function confirmAndCheckout() {
    if (priced.lines.length === 0) {
      toast({
        variant: "destructive",
        title: t({ id: "shop.cart-empty.title", message: "Cart Empty" }),
        description: t({
          id: "shop.cart-empty.text",
          message: "Please add items to your cart before checkout",
        }),
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
  const total = formatOrderCents(priced.totalCents);
  const minAccounts = tiers[0]?.minAccounts;
  const description = t({
    id: "shop.plans.description",
    message: "Monthly plans, billed only for the accounts we deliver.",
  });
  const sections = [
    ["plans", t({ id: "shop.plans.plans", message: "Plans" }), plans],
    ["addons", t({ id: "shop.plans.add-ons", message: "Add-ons" }), addOns],
  ] as const;

  return (
    <div className="space-y-6 pb-20 lg:pb-0">
      <PageHeader
        title={t({ id: "shop.plans.title", message: "LinkedIn Account Plans" })}
        description={
          minAccounts === undefined
            ? description
            : `${description} ${t({
                id: "shop.plans.volume-discount",
                message: `Order ${minAccounts} accounts or more for a volume discount.`,
              })}`
        }
      />
      {catalogue.isPending ? (
        <Spinner label={t({ id: "shop.plans.loading", message: "Loading the plans" })} />
      ) : catalogue.isError ? (
        <ErrorState
          title={t({ id: "shop.plans.load-failed", message: "The plans could not be loaded" })}
          error={catalogue.error}
          onRetry={() => void catalogue.refetch()}
          retrying={catalogue.isFetching}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <div className="space-y-8">
            {sections.map(([id, title, list]) => (
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
              if (target) revealSection(target);
            }}
          >
            {t({ id: "shop.plans.view-cart", message: `View cart (${cartCount}) · ${total}` })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
