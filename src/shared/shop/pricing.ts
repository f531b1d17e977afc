/**
 * The one way an order is priced (decisions R5 and R11): the server computes every total with it,
 * and the checkout page shows the same figures from the same function. Money is integer cents.
 */
import { formatMoney } from "../money";
import { type CatalogueItem, countsTowardsVolume, type ProductKey } from "./catalogue";

/** An order of at least `minAccounts` accounts gets `percent` off the whole order. */
export interface VolumeTier {
  minAccounts: number;
  percent: number;
}

export const DEFAULT_VOLUME_TIERS = "5:5,10:10,25:15";

/**
 * Reads `VOLUME_DISCOUNT_TIERS` ("5:5,10:10,25:15", or "off"). Returns the tiers by threshold,
 * or an error message naming what is wrong.
 */
export function parseVolumeTiers(text: string): VolumeTier[] | { error: string } {
  const trimmed = text.trim();
  if (/^off$/i.test(trimmed)) return [];
  const tiers: VolumeTier[] = [];
  for (const part of trimmed.split(",")) {
    const match = /^\s*(\d{1,4})\s*:\s*(\d{1,2})\s*$/.exec(part);
    const minAccounts = Number(match?.[1]);
    const percent = Number(match?.[2]);
    if (!match || minAccounts < 1 || percent < 1 || percent > 90) {
      return { error: `"${part.trim()}" is not accounts:percent (1 or more accounts, 1 to 90 percent)` };
    }
    tiers.push({ minAccounts, percent });
  }
  tiers.sort((a, b) => a.minAccounts - b.minAccounts);
  const thresholds = new Set(tiers.map((tier) => tier.minAccounts));
  if (thresholds.size !== tiers.length) return { error: "two tiers start at the same number of accounts" };
  return tiers;
}

export interface OrderLine {
  key: ProductKey;
  kind: CatalogueItem["kind"];
  name: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface PricedOrder {
  lines: OrderLine[];
  /** Plan quantities summed: what the volume tiers count. */
  accounts: number;
  subtotalCents: number;
  /** The tier that applies, if any. */
  tier: VolumeTier | null;
  discountCents: number;
  totalCents: number;
}

/** The tier for this many accounts: the highest threshold reached. */
export function tierFor(accounts: number, tiers: readonly VolumeTier[]): VolumeTier | null {
  let found: VolumeTier | null = null;
  for (const tier of tiers) {
    if (accounts >= tier.minAccounts && (!found || tier.minAccounts > found.minAccounts)) found = tier;
  }
  return found;
}

/**
 * Prices the wanted quantities against the catalogue. Lines keep the catalogue's order. The
 * discount is the tier's percent of the subtotal, rounded half up to the cent.
 */
export function priceOrder(
  wanted: ReadonlyArray<{ key: ProductKey; quantity: number }>,
  items: readonly CatalogueItem[],
  tiers: readonly VolumeTier[],
): PricedOrder {
  const quantities = new Map<ProductKey, number>();
  for (const { key, quantity } of wanted) quantities.set(key, (quantities.get(key) ?? 0) + quantity);
  const lines: OrderLine[] = [];
  let accounts = 0;
  for (const item of items) {
    const quantity = quantities.get(item.key) ?? 0;
    if (quantity <= 0) continue;
    lines.push({
      key: item.key,
      kind: item.kind,
      name: item.name,
      quantity,
      unitCents: item.priceCents,
      totalCents: item.priceCents * quantity,
    });
    if (countsTowardsVolume(item)) accounts += quantity;
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const tier = tierFor(accounts, tiers);
  // Integer arithmetic: (subtotal × percent + 50) ÷ 100, floored, is half-up rounding without floats.
  const discountCents = tier ? Math.floor((subtotalCents * tier.percent + 50) / 100) : 0;
  return { lines, accounts, subtotalCents, tier, discountCents, totalCents: subtotalCents - discountCents };
}

/** The next tier above this many accounts, and how many more accounts reach it; null at the top. */
export function nextTierFor(
  accounts: number,
  tiers: readonly VolumeTier[],
): { tier: VolumeTier; more: number } | null {
  let next: VolumeTier | null = null;
  for (const tier of tiers) {
    if (tier.minAccounts > accounts && (!next || tier.minAccounts < next.minAccounts)) next = tier;
  }
  return next ? { tier: next, more: next.minAccounts - accounts } : null;
}

/**
 * "$1,234.50" from cents, in `locale`'s way of writing dollars ("1.234,50 $" in "de-DE"): the browser
 * passes the page's (`formattingLocale()`); the server's own pages write "en-US".
 */
export function formatCents(cents: number, locale = "en-US"): string {
  return formatMoney(cents, "USD", locale);
}
