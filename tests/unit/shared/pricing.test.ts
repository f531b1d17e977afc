import { describe, expect, it } from "vitest";
import { CATALOGUE, listedItems } from "../../../src/shared/shop/catalogue";
import {
  DEFAULT_VOLUME_TIERS,
  formatCents,
  parseVolumeTiers,
  priceOrder,
  tierFor,
  type VolumeTier,
} from "../../../src/shared/shop/pricing";

const tiers = parseVolumeTiers(DEFAULT_VOLUME_TIERS) as VolumeTier[];
const price = (wanted: Parameters<typeof priceOrder>[0]) => priceOrder(wanted, CATALOGUE, tiers);

describe("the catalogue", () => {
  it("holds the plans and add-ons of R3 at their monthly prices in cents", () => {
    const byKey = Object.fromEntries(
      CATALOGUE.map((item) => [item.key, [item.name, item.priceCents, item.kind]]),
    );
    expect(byKey).toEqual({
      lite: ["LinkedIn Lite", 9800, "plan"],
      plus: ["LinkedIn Plus", 13400, "plan"],
      exec: ["LinkedIn Exec", 19800, "plan"],
      salesnav: ["Sales Navigator", 4000, "addon"],
      automation: ["LinkedIn Automation", 4400, "addon"],
      test: ["Test", 100, "plan"],
    });
    expect(CATALOGUE.find((item) => item.key === "lite")?.features).toContain("100+ connections");
    expect(CATALOGUE.find((item) => item.key === "exec")?.features).toContain("2,500+ connections");
  });

  it("lists the test product only when it is turned on", () => {
    expect(listedItems({ includeTestProduct: false }).map((item) => item.key)).not.toContain("test");
    expect(listedItems({ includeTestProduct: true }).map((item) => item.key)).toContain("test");
  });
});

describe("volume tiers", () => {
  it("reads the default, off, and refuses what is not accounts:percent", () => {
    expect(tiers).toEqual([
      { minAccounts: 5, percent: 5 },
      { minAccounts: 10, percent: 10 },
      { minAccounts: 25, percent: 15 },
    ]);
    expect(parseVolumeTiers("off")).toEqual([]);
    expect(parseVolumeTiers(" 10:10 , 3:2")).toEqual([
      { minAccounts: 3, percent: 2 },
      { minAccounts: 10, percent: 10 },
    ]);
    for (const bad of ["", "5", "5:0", "0:5", "5:95", "a:b", "5:5,5:10", "5:5;10:10"]) {
      expect(parseVolumeTiers(bad), bad).toHaveProperty("error");
    }
  });

  it("turns every discount off only for a lone off, in any case and spacing", () => {
    expect(parseVolumeTiers(" off ")).toEqual([]);
    expect(parseVolumeTiers("OFF")).toEqual([]);
    // "off" beside a tier is a typo, not a switch: an operator who wrote it meant some discount.
    for (const mixed of ["5:5,off", "off,5:5", "offset", "no off", "off:5"]) {
      expect(parseVolumeTiers(mixed), mixed).toEqual({
        error: expect.stringContaining("is not accounts:percent"),
      });
    }
  });

  it("takes 1 to 90 percent from 1 account on, and names the part it refuses", () => {
    expect(parseVolumeTiers("1:1,2:90")).toEqual([
      { minAccounts: 1, percent: 1 },
      { minAccounts: 2, percent: 90 },
    ]);
    expect(parseVolumeTiers("5:5, 10:91")).toEqual({
      error: '"10:91" is not accounts:percent (1 or more accounts, 1 to 90 percent)',
    });
    expect(parseVolumeTiers("0:5")).toEqual({
      error: '"0:5" is not accounts:percent (1 or more accounts, 1 to 90 percent)',
    });
    expect(parseVolumeTiers("5:5,5:10")).toEqual({ error: "two tiers start at the same number of accounts" });
  });
});

describe("pricing an order", () => {
  it.each([
    [4, null, 0],
    [5, 5, 5],
    [9, 5, 5],
    [10, 10, 10],
    [24, 10, 10],
    [25, 15, 15],
    [100, 15, 15],
  ])("%i Lite accounts get the %s%% tier", (quantity, tierPercent, percent) => {
    const order = price([{ key: "lite", quantity }]);
    expect(order.accounts).toBe(quantity);
    expect(order.tier?.percent ?? null).toBe(tierPercent);
    expect(order.subtotalCents).toBe(9800 * quantity);
    expect(order.discountCents).toBe((9800 * quantity * percent) / 100);
    expect(order.totalCents).toBe(order.subtotalCents - order.discountCents);
  });

  it("counts plans, not add-ons, towards the tier, and discounts the whole order", () => {
    const order = price([
      { key: "plus", quantity: 3 },
      { key: "salesnav", quantity: 1 },
      { key: "lite", quantity: 2 },
      { key: "automation", quantity: 10 },
    ]);
    expect(order.accounts).toBe(5);
    expect(order.lines.map((line) => [line.key, line.quantity, line.totalCents])).toEqual([
      ["lite", 2, 19600],
      ["plus", 3, 40200],
      ["salesnav", 1, 4000],
      ["automation", 10, 44000],
    ]);
    expect(order.subtotalCents).toBe(107800);
    expect(order.discountCents).toBe(5390);
    expect(order.totalCents).toBe(102410);
    expect(price([{ key: "salesnav", quantity: 50 }]).tier).toBeNull();
  });

  it("rounds the discount half up to the cent", () => {
    // 3 % of 1,050 cents is 31.5: half a cent rounds up.
    const odd = parseVolumeTiers("1:3") as VolumeTier[];
    const order = priceOrder(
      [
        { key: "lite", quantity: 1 },
        { key: "test", quantity: 1 },
      ],
      CATALOGUE.map((item) => (item.key === "lite" ? { ...item, priceCents: 950 } : item)),
      odd,
    );
    expect(order.subtotalCents).toBe(1050);
    expect(order.discountCents).toBe(32);
    expect(order.totalCents).toBe(1018);
    const lite = CATALOGUE.find((item) => item.key === "lite");
    if (!lite) throw new Error("no Lite in the catalogue");
    const down = priceOrder([{ key: "lite", quantity: 1 }], [{ ...lite, priceCents: 1049 }], odd);
    expect(down.discountCents).toBe(31); // 31.47 → 31
  });

  it("does not count the test product as an account", () => {
    expect(price([{ key: "test", quantity: 30 }]).tier).toBeNull();
  });

  it("adds up repeated keys and leaves out what has no quantity", () => {
    const order = price([
      { key: "exec", quantity: 2 },
      { key: "exec", quantity: 3 },
      { key: "lite", quantity: 0 },
    ]);
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]?.quantity).toBe(5);
    expect(order.tier?.percent).toBe(5);
  });
});

describe("the tier for an order", () => {
  it("is the highest threshold reached, whatever order the tiers come in", () => {
    const unsorted: VolumeTier[] = [
      { minAccounts: 10, percent: 10 },
      { minAccounts: 25, percent: 15 },
      { minAccounts: 5, percent: 5 },
    ];
    expect(tierFor(12, unsorted)).toEqual({ minAccounts: 10, percent: 10 });
    expect(tierFor(30, unsorted)).toEqual({ minAccounts: 25, percent: 15 });
    expect(tierFor(4, unsorted)).toBeNull();
  });
});

describe("money as the customer reads it", () => {
  it("writes cents as US dollars with separators", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(7)).toBe("$0.07");
    expect(formatCents(0)).toBe("$0.00");
  });
});
