import { describe, expect, it } from "vitest";
import {
  EXPORT_PATH,
  filenameOfDisposition,
  transactionsExportUrl,
} from "../../../src/client/features/billing/api/export-transactions";
import { retryTransactions } from "../../../src/client/features/billing/api/get-transactions";
import {
  addressLines,
  eventTone,
  eventTypeLabel,
  eventTypeOptions,
  formatSignedMoney,
  isFiltered,
  searchParamsForTransactionFilters,
  transactionFiltersFromSearchParams,
  transactionTime,
} from "../../../src/client/features/billing/components/transaction-format";
import { isFollowableUrl } from "../../../src/client/features/billing/components/use-leaving-page";
import { planStateText } from "../../../src/client/features/billing/components/your-plans-card";
import { ApiError } from "../../../src/client/lib/api-client";
import { formatMoney } from "../../../src/client/lib/money";
import { planStateOf } from "../../../src/shared/api/subscriptions";
import { transactionExportQuerySchema } from "../../../src/shared/api/transactions";

describe("formatMoney", () => {
  it("writes cents as money in the given locale", () => {
    expect(formatMoney(26800, "USD", "en-US")).toBe("$268.00");
    expect(formatMoney(11390, "USD", "en-US")).toBe("$113.90");
    expect(formatMoney(0, "USD", "en-US")).toBe("$0.00");
    expect(formatMoney(123456789, "USD", "en-US")).toBe("$1,234,567.89");
  });

  it("uses the currency's own symbol and the locale's separators", () => {
    expect(formatMoney(9800, "EUR", "en-US")).toBe("€98.00");
    expect(formatMoney(9800, "EUR", "de-DE")).toBe("98,00\u00a0€");
    expect(formatMoney(4000, "GBP", "en-GB")).toBe("£40.00");
  });

  it("reads the minor unit of currencies without cents or with three decimals", () => {
    expect(formatMoney(1500, "JPY", "en-US")).toBe("¥1,500");
    expect(formatMoney(1500, "BHD", "en-US")).toBe("BHD\u00a01.500");
  });

  it("takes a lower-case or empty code as the spec's default would", () => {
    expect(formatMoney(9800, "usd", "en-US")).toBe("$98.00");
    expect(formatMoney(9800, "", "en-US")).toBe("$98.00");
  });

  it("writes a code the browser refuses after the number", () => {
    expect(formatMoney(9800, "DOLLARS", "en-US")).toBe("98.00 DOLLARS");
  });
});

describe("formatSignedMoney", () => {
  it("writes a refund with a minus sign, and every other amount as it is", () => {
    const of = (eventType: string | null, amountCents: number) =>
      formatSignedMoney({ eventType, amountCents, currency: "USD" }, "en-US");
    expect(of("refund.created", 4400)).toBe("\u2212$44.00");
    // Stored positive or not, a refund reads as money going back.
    expect(of("refund.created", -4400)).toBe("\u2212$44.00");
    expect(of("checkout.session.completed", 4400)).toBe("$44.00");
    expect(of("payment.failed", 13400)).toBe("$134.00");
    expect(of(null, 100)).toBe("$1.00");
    expect(
      formatSignedMoney({ eventType: "refund.created", amountCents: 9800, currency: "EUR" }, "de-DE"),
    ).toBe("\u221298,00\u00a0€");
  });
});

describe("eventTypeLabel", () => {
  it("says what each event type means to the customer, and keeps an unknown one's code", () => {
    expect(
      ["checkout.session.completed", "payment.succeeded", "payment.failed", "refund.created"].map(
        eventTypeLabel,
      ),
    ).toEqual(["Payment", "Renewal", "Payment failed", "Refund"]);
    expect(eventTypeLabel("invoice.paid")).toBe("Other (invoice.paid)");
    expect(eventTypeLabel("toString")).toBe("Other (toString)");
  });
});

describe("a plan's state", () => {
  const plan = (status: Parameters<typeof planStateOf>[0]["status"], endsAt: string | null = null) => ({
    status,
    endsAt,
  });

  it("says Active, Past due, Paused or Awaiting payment by its status", () => {
    expect(planStateText(plan("active"))).toBe("Active");
    expect(planStateText(plan("trialing"))).toBe("Active");
    expect(planStateText(plan("past_due"))).toBe("Past due");
    expect(planStateText(plan("unpaid"))).toBe("Past due");
    expect(planStateText(plan("paused"))).toBe("Paused");
    expect(planStateText(plan("incomplete"))).toBe("Awaiting payment");
  });

  it("says when a plan set to end cancels, whatever its status until then", () => {
    const ends = "2026-12-26T12:00:00.000Z";
    expect(planStateOf(plan("active", ends))).toBe("ending");
    expect(planStateOf(plan("past_due", ends))).toBe("ending");
    expect(planStateText(plan("active", ends))).toBe(
      `Cancels on ${new Date(ends).toLocaleDateString(undefined, { dateStyle: "medium" })}`,
    );
  });
});

describe("transactionTime", () => {
  it("is when the event happened, else when the row was recorded", () => {
    expect(
      transactionTime({ createdTime: "2026-01-02T10:00:00.000Z", createdAt: "2026-03-01T00:00:00.000Z" }),
    ).toBe("2026-01-02T10:00:00.000Z");
    expect(transactionTime({ createdTime: null, createdAt: "2026-03-01T00:00:00.000Z" })).toBe(
      "2026-03-01T00:00:00.000Z",
    );
  });
});

describe("addressLines", () => {
  const none = {
    addressLine1: null,
    addressLine2: null,
    addressCity: null,
    addressPostcode: null,
    addressCountry: null,
  };

  it("writes the street lines, postcode and city, then the country's name", () => {
    expect(
      addressLines({
        addressLine1: "682 High Street",
        addressLine2: "Flat 2",
        addressCity: "Dublin",
        addressPostcode: "D02 X285",
        addressCountry: "IE",
      }),
    ).toEqual(["682 High Street", "Flat 2", "D02 X285 Dublin", expect.stringMatching(/Ireland|IE/)]);
  });

  it("leaves out the empty parts and keeps a country that is not a code", () => {
    expect(addressLines({ ...none, addressCity: "Berlin", addressLine2: "  " })).toEqual(["Berlin"]);
    expect(addressLines({ ...none, addressCountry: "Atlantis" })).toEqual(["Atlantis"]);
    expect(addressLines(none)).toEqual([]);
  });
});

describe("eventTone", () => {
  it("gives the spec's colours and grey to any other type", () => {
    expect(eventTone("checkout.session.completed")).toBe("green");
    expect(eventTone("payment.succeeded")).toBe("blue");
    expect(eventTone("payment.failed")).toBe("red");
    expect(eventTone("refund.created")).toBe("yellow");
    expect(eventTone("invoice.paid")).toBe("grey");
    expect(eventTone("toString")).toBe("grey");
    expect(eventTone(null)).toBe("grey");
  });
});

const rows = [
  { id: 1, product: "2 × LinkedIn Plus", eventType: "checkout.session.completed" },
  { id: 2, product: "LinkedIn Plus", eventType: "payment.failed" },
  { id: 3, product: "Sales Navigator", eventType: "invoice.paid" },
  { id: 4, product: null, eventType: "payment.succeeded" },
  { id: 5, product: "LinkedIn Lite", eventType: null },
  { id: 6, product: "linkedin plus", eventType: "payment.succeeded" },
];

describe("eventTypeOptions", () => {
  it("lists the coloured types present in the spec's order, then the others alphabetically", () => {
    expect(eventTypeOptions(rows)).toEqual([
      "checkout.session.completed",
      "payment.succeeded",
      "payment.failed",
      "invoice.paid",
    ]);
  });

  it("keeps offering the chosen type when no row has it", () => {
    expect(eventTypeOptions(rows.slice(0, 1), "refund.created")).toEqual([
      "checkout.session.completed",
      "refund.created",
    ]);
    expect(eventTypeOptions([], "charge.disputed")).toEqual(["charge.disputed"]);
  });
});

describe("the filters in the URL", () => {
  it("reads and writes ?eventType=&q=, leaving out what is unset", () => {
    const params = new URLSearchParams("eventType=payment.failed&q=Lite&page=3");
    expect(transactionFiltersFromSearchParams(params)).toEqual({ eventType: "payment.failed", q: "Lite" });
    expect(transactionFiltersFromSearchParams(new URLSearchParams())).toEqual({ eventType: "", q: "" });
    expect(searchParamsForTransactionFilters({ eventType: "", q: "" }).toString()).toBe("");
    expect(searchParamsForTransactionFilters({ eventType: "refund.created", q: "a b" }).toString()).toBe(
      "eventType=refund.created&q=a+b",
    );
    expect(isFiltered({ eventType: "", q: " " })).toBe(false);
    expect(isFiltered({ eventType: "", q: "x" })).toBe(true);
  });
});

describe("transactionsExportUrl", () => {
  it("is the bare export without filters", () => {
    expect(transactionsExportUrl({ eventType: "", q: "" })).toBe(EXPORT_PATH);
    expect(transactionsExportUrl({ eventType: "", q: "   " })).toBe(EXPORT_PATH);
  });

  it("carries the event type and the trimmed search, encoded, in the export's own query", () => {
    const url = transactionsExportUrl({ eventType: "checkout.session.completed", q: "  1 × Plus & more " });
    expect(url.startsWith(`${EXPORT_PATH}?`)).toBe(true);
    const params = new URL(url, "http://portal.test").searchParams;
    expect(Object.fromEntries(params)).toEqual({
      eventType: "checkout.session.completed",
      q: "1 × Plus & more",
    });
    expect(transactionExportQuerySchema.parse(Object.fromEntries(params))).toEqual({
      eventType: "checkout.session.completed",
      q: "1 × Plus & more",
    });
  });
});

describe("filenameOfDisposition", () => {
  it("reads the file name the server gives", () => {
    expect(filenameOfDisposition('attachment; filename="transactions.csv"')).toBe("transactions.csv");
    expect(filenameOfDisposition("attachment; filename=transactions.csv")).toBe("transactions.csv");
    expect(filenameOfDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe("résumé.csv");
    expect(filenameOfDisposition("attachment")).toBeUndefined();
    expect(filenameOfDisposition(null)).toBeUndefined();
  });
});

describe("retryTransactions", () => {
  it("tries a failed load once more", () => {
    const serverError = new ApiError(500, '{"error":"Internal error"}', "Internal Server Error");
    expect(retryTransactions(0, serverError)).toBe(true);
    expect(retryTransactions(1, serverError)).toBe(false);
    expect(retryTransactions(0, new TypeError("Failed to fetch"))).toBe(true);
  });

  it("does not repeat an answer that would not change", () => {
    for (const status of [401, 403, 404]) {
      expect(retryTransactions(0, new ApiError(status, "", ""))).toBe(false);
    }
  });
});

describe("isFollowableUrl", () => {
  it("follows web addresses only", () => {
    expect(isFollowableUrl("https://billing.stripe.com/p/session/test_123", "http://portal.test/")).toBe(
      true,
    );
    expect(isFollowableUrl("/test-billing-portal", "http://portal.test/billing/transactions")).toBe(true);
    expect(isFollowableUrl("javascript:alert(1)", "http://portal.test/")).toBe(false);
    expect(isFollowableUrl("data:text/html,hi", "http://portal.test/")).toBe(false);
  });
});
