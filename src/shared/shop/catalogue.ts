/**
 * What the shop sells (decisions R3 and R4): the plans and add-ons, their product keys, and their
 * monthly price in cents. Server and client read this one list; the server never takes a price
 * from the browser.
 */
export const PRODUCT_KEYS = ["lite", "plus", "exec", "salesnav", "automation", "test"] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/** The products a payment link (`/pay?product=`) may name: every listed one but the test product. */
export const PAY_PRODUCT_KEYS = ["lite", "plus", "exec", "salesnav", "automation"] as const;
export type PayProductKey = (typeof PAY_PRODUCT_KEYS)[number];

export interface CatalogueItem {
  key: ProductKey;
  /** Plans are LinkedIn accounts and count towards the volume discount; add-ons do not. */
  kind: "plan" | "addon";
  name: string;
  description: string;
  /** Price of one, per month, in US cents. */
  priceCents: number;
  popular: boolean;
  features: string[];
}

export const CATALOGUE: readonly CatalogueItem[] = [
  {
    key: "lite",
    kind: "plan",
    name: "LinkedIn Lite",
    description: "An established LinkedIn account, ready to use.",
    priceCents: 9800,
    popular: false,
    features: ["100+ connections", "Login details and 2FA", "Dedicated proxy"],
  },
  {
    key: "plus",
    kind: "plan",
    name: "LinkedIn Plus",
    description: "A stronger account with a fuller profile and network.",
    priceCents: 13400,
    popular: true,
    features: ["Larger network", "Login details and 2FA", "Dedicated proxy"],
  },
  {
    key: "exec",
    kind: "plan",
    name: "LinkedIn Exec",
    description: "A senior-looking account with a large network.",
    priceCents: 19800,
    popular: false,
    features: ["2,500+ connections", "Login details and 2FA", "Dedicated proxy"],
  },
  {
    key: "salesnav",
    kind: "addon",
    name: "Sales Navigator",
    description: "Sales Navigator on one of your accounts.",
    priceCents: 4000,
    popular: false,
    features: [],
  },
  {
    key: "automation",
    kind: "addon",
    name: "LinkedIn Automation",
    description: "Automation tooling for one of your accounts.",
    priceCents: 4400,
    popular: false,
    features: [],
  },
  {
    key: "test",
    kind: "plan",
    name: "Test",
    description: "A $1 product for trying the checkout end to end.",
    priceCents: 100,
    popular: false,
    features: [],
  },
];

export function isProductKey(value: string): value is ProductKey {
  return (PRODUCT_KEYS as readonly string[]).includes(value);
}

export function isPayProductKey(value: string): value is PayProductKey {
  return (PAY_PRODUCT_KEYS as readonly string[]).includes(value);
}

/** The items on sale: the test product only where the operator turned it on (`SHOP_TEST_PRODUCT`). */
export function listedItems(options: { includeTestProduct: boolean }): CatalogueItem[] {
  return CATALOGUE.filter((item) => item.key !== "test" || options.includeTestProduct);
}

/** Whether this item counts as accounts for the volume discount (the $1 test product does not). */
export function countsTowardsVolume(item: CatalogueItem): boolean {
  return item.kind === "plan" && item.key !== "test";
}
