/**
 * The saved checkout order of decision R9, under the browser storage key `portal-checkout-order`:
 * Orders' "Confirm and Checkout" writes it, the checkout page reads it, and a started payment
 * removes it. Its shape is the spec's (section 3).
 */
import type { CatalogueItemDto } from "../../../../shared/api/shop";
import { isProductKey, type ProductKey } from "../../../../shared/shop/catalogue";
import type { CartLine } from "./cart-store";

export const SAVED_ORDER_KEY = "portal-checkout-order";

export interface SavedOrder {
  selectedPlans: Array<{
    id: ProductKey;
    name: string;
    description: string;
    price: number;
    popular: boolean;
  }>;
  planQuantities: Record<string, number>;
  selectedAddOns: Array<{ id: ProductKey; name: string; description: string; price: number }>;
  addOnQuantities: Record<string, number>;
}

/** The saved order of these cart lines; prices are shown in dollars, as the spec's order holds them. */
export function savedOrderOf(lines: CartLine[], items: CatalogueItemDto[]): SavedOrder {
  const order: SavedOrder = {
    selectedPlans: [],
    planQuantities: {},
    selectedAddOns: [],
    addOnQuantities: {},
  };
  for (const line of lines) {
    const item = items.find((candidate) => candidate.key === line.key);
    if (!item) continue;
    const price = item.priceCents / 100;
    if (item.kind === "plan") {
      order.selectedPlans.push({
        id: item.key,
        name: item.name,
        description: item.description,
        price,
        popular: item.popular,
      });
      order.planQuantities[item.key] = line.quantity;
    } else {
      order.selectedAddOns.push({ id: item.key, name: item.name, description: item.description, price });
      order.addOnQuantities[item.key] = line.quantity;
    }
  }
  return order;
}

/** The cart lines a saved order stands for; quantities are what the order says, prices are not read. */
export function linesOf(order: SavedOrder): CartLine[] {
  const lines: CartLine[] = [];
  for (const plan of order.selectedPlans)
    lines.push({ key: plan.id, quantity: order.planQuantities[plan.id] ?? 1 });
  for (const addOn of order.selectedAddOns)
    lines.push({ key: addOn.id, quantity: order.addOnQuantities[addOn.id] ?? 1 });
  return lines;
}

export function saveOrder(order: SavedOrder): void {
  localStorage.setItem(SAVED_ORDER_KEY, JSON.stringify(order));
}

export function forgetSavedOrder(): void {
  localStorage.removeItem(SAVED_ORDER_KEY);
}

/** The saved order, or null when there is none or it is not one (edited by hand, an old version). */
export function readSavedOrder(): SavedOrder | null {
  let value: unknown;
  try {
    value = JSON.parse(localStorage.getItem(SAVED_ORDER_KEY) ?? "null");
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const order = value as Partial<SavedOrder>;
  if (!Array.isArray(order.selectedPlans) || !Array.isArray(order.selectedAddOns)) return null;
  const ok = (list: Array<{ id?: unknown }>) =>
    list.every((entry) => typeof entry?.id === "string" && isProductKey(entry.id));
  if (!ok(order.selectedPlans) || !ok(order.selectedAddOns)) return null;
  const result: SavedOrder = {
    selectedPlans: order.selectedPlans,
    planQuantities:
      typeof order.planQuantities === "object" && order.planQuantities ? order.planQuantities : {},
    selectedAddOns: order.selectedAddOns,
    addOnQuantities:
      typeof order.addOnQuantities === "object" && order.addOnQuantities ? order.addOnQuantities : {},
  };
  return linesOf(result).length > 0 ? result : null;
}
