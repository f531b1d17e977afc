/**
 * The shop's own words about its products (src/shared/shop/catalogue.ts), in the page's language. The
 * catalogue answer carries them in English, the catalogue's own language; products' names stay as
 * they are. A text this table does not know (a catalogue changed without it) is shown as it came.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const PRODUCT_WORDS: Record<string, MessageDescriptor> = {
  "An established LinkedIn account, ready to use.": msg({
    id: "shop.product-text.lite",
    message: "An established LinkedIn account, ready to use.",
  }),
  "A stronger account with a fuller profile and network.": msg({
    id: "shop.product-text.plus",
    message: "A stronger account with a fuller profile and network.",
  }),
  "A senior-looking account with a large network.": msg({
    id: "shop.product-text.exec",
    message: "A senior-looking account with a large network.",
  }),
  "Sales Navigator on one of your accounts.": msg({
    id: "shop.product-text.salesnav",
    message: "Sales Navigator on one of your accounts.",
  }),
  "Automation tooling for one of your accounts.": msg({
    id: "shop.product-text.automation",
    message: "Automation tooling for one of your accounts.",
  }),
  "A $1 product for trying the checkout end to end.": msg({
    id: "shop.product-text.test",
    message: "A $1 product for trying the checkout end to end.",
  }),
  "100+ connections": msg({ id: "shop.product-feature.connections-100", message: "100+ connections" }),
  "2,500+ connections": msg({ id: "shop.product-feature.connections-2500", message: "2,500+ connections" }),
  "Larger network": msg({ id: "shop.product-feature.larger-network", message: "Larger network" }),
  "Login details and 2FA": msg({
    id: "shop.product-feature.login-details",
    message: "Login details and 2FA",
  }),
  "Dedicated proxy": msg({ id: "shop.product-feature.proxy", message: "Dedicated proxy" }),
};

/** A product's description or feature as the catalogue words it, in the page's language. */
export function productText(i18n: I18n, text: string): string {
  const words = PRODUCT_WORDS[text];
  return words ? i18n._(words) : text;
}
