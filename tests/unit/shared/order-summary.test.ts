import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../../src/shared/shop/catalogue";
import { formatSignedCents, orderSummaryRows, summaryOfPriced } from "../../../src/shared/shop/order-summary";
import {
  DEFAULT_VOLUME_TIERS,
  nextTierFor,
  parseVolumeTiers,
  priceOrder,
  type VolumeTier,
} from "../../../src/shared/shop/pricing";

const tiers = parseVolumeTiers(DEFAULT_VOLUME_TIERS) as VolumeTier[];
const rowsOf = (wanted: Parameters<typeof priceOrder>[0]) =>
  orderSummaryRows(summaryOfPriced(priceOrder(wanted, CATALOGUE, tiers))).map((row) => [
    row.label,
    formatSignedCents(row.cents),
  ]);

describe("an order's rows, as every page shows them", () => {
  it("lists the lines, the subtotal, the volume discount and the total of the issue's order", () => {
    expect(
      rowsOf([
        { key: "lite", quantity: 3 },
        { key: "plus", quantity: 2 },
        { key: "salesnav", quantity: 1 },
      ]),
    ).toEqual([
      ["3 × LinkedIn Lite", "$294.00"],
      ["2 × LinkedIn Plus", "$268.00"],
      ["1 × Sales Navigator", "$40.00"],
      ["Subtotal", "$602.00"],
      ["Volume discount 5%", "−$30.10"],
      ["Total per month", "$571.90"],
    ]);
  });

  it("has no discount line below the first tier, and says each line's price each", () => {
    const priced = priceOrder([{ key: "exec", quantity: 2 }], CATALOGUE, tiers);
    const rows = orderSummaryRows(summaryOfPriced(priced));
    expect(rows.map((row) => row.kind)).toEqual(["line", "subtotal", "total"]);
    expect(rows[0]).toMatchObject({ detail: "$198.00 / month each", cents: 39600 });
  });

  it("reads an order as the server stored it the same way", () => {
    const stored = {
      lines: [{ name: "LinkedIn Plus", quantity: 10, unitCents: 13400, totalCents: 134000 }],
      subtotalCents: 134000,
      discountPercent: 10,
      discountCents: 13400,
      totalCents: 120600,
    };
    expect(orderSummaryRows(stored).map((row) => [row.label, formatSignedCents(row.cents)])).toEqual([
      ["10 × LinkedIn Plus", "$1,340.00"],
      ["Subtotal", "$1,340.00"],
      ["Volume discount 10%", "−$134.00"],
      ["Total per month", "$1,206.00"],
    ]);
  });
});

describe("the next volume tier", () => {
  it.each([
    [0, 5, 5],
    [4, 1, 5],
    [5, 5, 10],
    [9, 1, 10],
    [10, 15, 15],
    [24, 1, 15],
  ])("after %i accounts is %i more for %i%%", (accounts, more, percent) => {
    expect(nextTierFor(accounts, tiers)).toEqual({ more, tier: { minAccounts: accounts + more, percent } });
  });

  it("is none at the top tier, or when tiers are off", () => {
    expect(nextTierFor(25, tiers)).toBeNull();
    expect(nextTierFor(0, [])).toBeNull();
  });

  it("does not depend on the order the tiers are listed in", () => {
    expect(nextTierFor(6, [...tiers].reverse())?.tier.percent).toBe(10);
  });
});
