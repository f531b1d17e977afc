/**
 * The cart: product keys and quantities, kept in the browser so it survives a reload, one cart per
 * signed-in customer. Prices are never stored: they come from the catalogue when shown.
 */
import { useCallback, useSyncExternalStore } from "react";
import { MAX_QUANTITY } from "../../../../shared/api/shop";
import { isProductKey, type ProductKey } from "../../../../shared/shop/catalogue";

export interface CartLine {
  key: ProductKey;
  quantity: number;
}

const storageKey = (uid: string) => `portal-cart:${uid}`;
const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; lines: CartLine[] }>();

function parse(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry): CartLine[] => {
      const key = (entry as { key?: unknown }).key;
      const quantity = (entry as { quantity?: unknown }).quantity;
      if (typeof key !== "string" || !isProductKey(key) || typeof quantity !== "number") return [];
      if (!Number.isInteger(quantity) || quantity < 1) return [];
      return [{ key, quantity: Math.min(quantity, MAX_QUANTITY) }];
    });
  } catch {
    return [];
  }
}

function read(uid: string): CartLine[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey(uid));
  } catch {
    // Storage may be off (private mode): the cart then lasts as long as the page.
  }
  const cached = snapshots.get(uid);
  if (cached && cached.raw === raw) return cached.lines;
  const lines = parse(raw);
  snapshots.set(uid, { raw, lines });
  return lines;
}

function write(uid: string, lines: CartLine[]): void {
  const raw = JSON.stringify(lines);
  try {
    if (lines.length === 0) localStorage.removeItem(storageKey(uid));
    else localStorage.setItem(storageKey(uid), raw);
  } catch {
    // See read().
  }
  snapshots.set(uid, { raw: lines.length === 0 ? null : raw, lines });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change reaches this one too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** What happened to the cart, so the page can say it in the spec's toast. */
export type CartChange = "added" | "updated" | "removed";

export function useCart(uid: string) {
  const lines = useSyncExternalStore(subscribe, () => read(uid));

  /** Adds one; an item already in the cart goes up by one. */
  const add = useCallback(
    (key: ProductKey): CartChange => {
      const current = read(uid);
      const existing = current.find((line) => line.key === key);
      if (existing) {
        write(
          uid,
          current.map((line) =>
            line.key === key ? { ...line, quantity: Math.min(line.quantity + 1, MAX_QUANTITY) } : line,
          ),
        );
        return "updated";
      }
      write(uid, [...current, { key, quantity: 1 }]);
      return "added";
    },
    [uid],
  );

  /** Sets a quantity; 0 removes the item. */
  const setQuantity = useCallback(
    (key: ProductKey, quantity: number): CartChange => {
      const current = read(uid);
      if (quantity <= 0) {
        write(
          uid,
          current.filter((line) => line.key !== key),
        );
        return "removed";
      }
      const clamped = Math.min(Math.floor(quantity), MAX_QUANTITY);
      write(
        uid,
        current.map((line) => (line.key === key ? { ...line, quantity: clamped } : line)),
      );
      return "updated";
    },
    [uid],
  );

  const clear = useCallback(() => write(uid, []), [uid]);

  return { lines, add, setQuantity, clear };
}
