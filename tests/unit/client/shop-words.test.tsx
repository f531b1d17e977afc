// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CartPanel } from "../../../src/client/features/shop/components/cart-panel";
import { productText } from "../../../src/client/features/shop/components/product-words";
import { i18n } from "../../../src/client/lib/i18n/i18n";
import { messages as germanSignedIn } from "../../../src/shared/i18n/locales/de/signed-in";
import { optimizationStatusText } from "../../../src/shared/optimization-status";
import { weakPasswordMessage } from "../../../src/shared/password-strength";
import { CATALOGUE } from "../../../src/shared/shop/catalogue";
import { formatCents, parseVolumeTiers, priceOrder, type VolumeTier } from "../../../src/shared/shop/pricing";

afterEach(cleanup);

const tiers = parseVolumeTiers("5:5,10:10") as VolumeTier[];
const plan = CATALOGUE.filter((item) => item.kind === "plan")[0] as (typeof CATALOGUE)[number];

function renderCart(quantity: number) {
  const priced = priceOrder([{ key: plan.key, quantity }], CATALOGUE, tiers);
  render(<CartPanel priced={priced} tiers={tiers} onQuantity={() => {}} onCheckout={() => {}} />);
}

describe("the products' words", () => {
  it("translates every description and feature the catalogue has, and keeps a text it does not know", () => {
    const english = i18n.messages;
    i18n.loadAndActivate({ locale: "de", messages: germanSignedIn });
    try {
      for (const item of CATALOGUE) {
        for (const text of [item.description, ...item.features]) {
          expect(productText(i18n, text), `${item.key}: ${text}`).not.toBe(text);
        }
      }
      expect(productText(i18n, "Dedicated proxy")).toBe("Eigener Proxy");
      expect(productText(i18n, "Something new")).toBe("Something new");
    } finally {
      i18n.loadAndActivate({ locale: "en", messages: english });
    }
    expect(productText(i18n, "Dedicated proxy")).toBe("Dedicated proxy");
  });
});

describe("the cart's words", () => {
  it("counts the accounts the next volume tier needs, one or several", () => {
    renderCart(4);
    expect(screen.getByText("Add 1 more account for 5% off the whole order.")).toBeTruthy();
    cleanup();
    renderCart(7);
    expect(screen.getByText("Add 3 more accounts for 10% off the whole order.")).toBeTruthy();
  });
});

/** A stand-in translator: German words for the ids it knows, the English message (with values) else. */
const german = {
  _(descriptor: { id: string; message?: string; values?: Record<string, unknown> }): string {
    const words: Record<string, string> = {
      "optimization-status.in-review": "In Prüfung",
      "password-strength.reason.user-inputs": "es enthält Ihren Namen",
      "password-strength.weak-because": "Zu leicht zu erraten: {reason}.",
    };
    const text = words[descriptor.id] ?? descriptor.message ?? descriptor.id;
    return text.replace(/\{(\w+)\}/g, (_, name: string) => String(descriptor.values?.[name]));
  },
};

describe("the shared word lists", () => {
  it("say a weak password's reason in English without a translator, in its language with one", () => {
    expect(weakPasswordMessage("userInputs")).toBe(
      "This password is too easy to guess: it contains your name, username or email. Add another word or two that are not common.",
    );
    expect(weakPasswordMessage("userInputs", i18n)).toBe(weakPasswordMessage("userInputs"));
    expect(weakPasswordMessage(null, i18n)).toBe(weakPasswordMessage(null));
    expect(weakPasswordMessage("userInputs", german)).toBe("Zu leicht zu erraten: es enthält Ihren Namen.");
  });

  it("keep the base's spelling of a status in English and translate a known one elsewhere", () => {
    expect(optimizationStatusText("In Review", i18n)).toBe("In Review");
    expect(optimizationStatusText("in_review", i18n)).toBe("In review");
    expect(optimizationStatusText("", i18n)).toBe("Unknown");
    expect(optimizationStatusText("on_hold", i18n)).toBe("On hold");
    expect(optimizationStatusText("In Review", german)).toBe("In Prüfung");
    expect(optimizationStatusText("on_hold", german)).toBe("On hold");
  });

  it("write dollars in the locale asked for, en-US unless told", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(123450, "de-DE")).toBe("1.234,50\u00a0$");
  });
});
