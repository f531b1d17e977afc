/**
 * The capability in a checkout's cancel link. Stripe writes the session id only into the success URL
 * (`{CHECKOUT_SESSION_ID}`, documented for `success_url` and `return_url`, not `cancel_url`), and the
 * cancel URL is fixed before the session exists, so the link names the order by a reference sealed
 * with the portal's secrets key: it opens only the order it was made for, and nobody can make one
 * for another order (decision 029). Keys rotate as the secret box's do.
 */
import type { Config } from "../../platform/config";
import type { SecretBox } from "../../platform/secrets/secret-box";

const PURPOSE = "order-cancel-link";

export function cancelLinkRef(secretBox: SecretBox, orderId: number): string {
  return secretBox.seal(JSON.stringify({ p: PURPOSE, o: orderId }));
}

/** The order a reference names, or null for one that is forged, damaged or made for something else. */
export function orderIdOfCancelLink(secretBox: SecretBox, ref: string): number | null {
  try {
    const parsed: unknown = JSON.parse(secretBox.open(ref));
    if (typeof parsed !== "object" || parsed === null) return null;
    const { p, o } = parsed as Record<string, unknown>;
    if (p !== PURPOSE || typeof o !== "number" || !Number.isSafeInteger(o) || o < 1) return null;
    return o;
  } catch {
    return null;
  }
}

/** Where the payment page's Cancel (Stripe's back link, the test checkout's button) returns. */
export function cancelUrl(config: Config, secretBox: SecretBox, orderId: number): string {
  return `${config.appUrl}/checkout/cancelled?ref=${encodeURIComponent(cancelLinkRef(secretBox, orderId))}`;
}
