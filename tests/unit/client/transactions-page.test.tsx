// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TransactionsPage } from "../../../src/client/features/billing/pages/transactions-page";
import { UnlinkedPaymentsPage } from "../../../src/client/features/billing/pages/unlinked-payments-page";
import { createQueryClient } from "../../../src/client/lib/query-client";
import { forgetRevalidatedBodies } from "../../../src/client/lib/revalidated-get";
import { setSessionUser } from "../../../src/client/lib/session";
import type { Subscription } from "../../../src/shared/api/subscriptions";
import type { Transaction, TransactionList } from "../../../src/shared/api/transactions";
import { currentUser } from "./support/current-user";

const user = currentUser();

function transaction(fields: Partial<Transaction>): Transaction {
  return {
    id: 1,
    source: "stripe",
    product: "LinkedIn Plus",
    eventType: "checkout.session.completed",
    createdTime: "2026-11-20T10:00:00.000Z",
    createdAt: "2026-11-20T10:00:00.000Z",
    name: "Casey Customer",
    amountActual: "98.00",
    amountCents: 9800,
    currency: "USD",
    eventId: "evt_1",
    csLiveId: null,
    clientRefId: null,
    object: null,
    discounts: null,
    email: null,
    phone: null,
    addressLine1: null,
    addressLine2: null,
    addressCity: null,
    addressPostcode: null,
    addressCountry: null,
    receiptUrl: "https://pay.example.test/receipt/1",
    stripeCustomerId: null,
    payNow: false,
    ...fields,
  };
}

const payment = transaction({ id: 1 });
const failed = transaction({
  id: 2,
  product: "Sales Navigator",
  eventType: "payment.failed",
  receiptUrl: null,
  payNow: true,
});

function list(transactions: Transaction[], fields: Partial<TransactionList> = {}): TransactionList {
  return {
    transactions,
    total: transactions.length,
    limit: 50,
    matching: transactions.length,
    nextCursor: null,
    eventTypes: ["checkout.session.completed", "payment.failed"],
    canManageBilling: false,
    billingAccount: "none",
    ...fields,
  };
}

/** Stubs fetch: the transactions answer `answer`, the plans `plans`, anything else 404. */
function stubApi(routes: Record<string, unknown>) {
  vi.stubGlobal("fetch", async (url: string) => {
    const path = new URL(url, "http://portal.test").pathname;
    return path in routes
      ? Response.json(routes[path])
      : Response.json({ error: "Not found" }, { status: 404 });
  });
}

function renderAt(page: React.ReactNode, path: string) {
  const queryClient = createQueryClient();
  setSessionUser(user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  forgetRevalidatedBodies();
  // jsdom does not know the <search> element the filters sit in (browsers do): React's word on it is no failure.
  const reportError = console.error;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("is unrecognized in this browser") && args[1] === "search") return;
    reportError(...args);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plan: Subscription = {
  id: 9,
  product: "LinkedIn Plus",
  quantity: 2,
  amountCents: 4900,
  currency: "USD",
  status: "active",
  currentPeriodEnd: null,
  endsAt: null,
} as Subscription;

describe("the Transaction History page", () => {
  it("counts the transactions, says what each was, and names its receipt or Pay now", async () => {
    stubApi({
      "/api/transactions": list([payment, failed]),
      "/api/subscriptions": { subscriptions: [plan], billingAccount: "none" },
    });
    renderAt(<TransactionsPage />, "/billing/transactions");
    const cards = await screen.findByRole("list", { name: "Transactions" });
    expect(screen.getByRole("heading", { level: 1, name: "Transaction History" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("2 transactions");
    expect(within(cards).getByText("Payment")).toBeTruthy();
    expect(within(cards).getByText("Payment failed")).toBeTruthy();
    expect(
      within(cards).getByRole("link", { name: "View receipt for LinkedIn Plus (opens in a new tab)" }),
    ).toBeTruthy();
    expect(within(cards).getByRole("button", { name: "Pay now for Sales Navigator" })).toBeTruthy();
    expect(
      screen.getByText(
        "Manage billing opens your plans, cards and invoices once you have made your first payment.",
      ),
    ).toBeTruthy();
    const plans = await screen.findByRole("list", { name: "Your plans" });
    expect(within(plans).getByText("$49.00 per month")).toBeTruthy();
    expect(within(plans).getByText("Not known yet")).toBeTruthy();
  });

  it("says one transaction in the singular, and how many of all a filter shows", async () => {
    stubApi({
      "/api/transactions": list([failed], { total: 1, matching: 1 }),
      "/api/subscriptions": { subscriptions: [], billingAccount: "none" },
    });
    renderAt(<TransactionsPage />, "/billing/transactions");
    await screen.findByRole("list", { name: "Transactions" });
    expect(screen.getByRole("status").textContent).toBe("1 transaction");
    cleanup();

    forgetRevalidatedBodies();
    stubApi({
      "/api/transactions": list([failed], { total: 3, matching: 1 }),
      "/api/subscriptions": { subscriptions: [], billingAccount: "none" },
    });
    renderAt(<TransactionsPage />, "/billing/transactions?eventType=payment.failed");
    await screen.findByRole("list", { name: "Transactions" });
    expect(screen.getByRole("status").textContent).toBe("Showing 1 of 3 transactions");
  });
});

describe("the payments without a customer", () => {
  it("counts them, and names each Link to customer by its event or its number", async () => {
    stubApi({
      "/api/admin/transactions/unlinked": [
        payment,
        transaction({ id: 5, eventId: null, eventType: "refund.created" }),
      ],
    });
    renderAt(<UnlinkedPaymentsPage />, "/admin/payments");
    const payments = await screen.findByRole("list", { name: "Payments without a customer" });
    expect(screen.getByRole("status").textContent).toBe("2 payments without a customer");
    expect(within(payments).getByRole("button", { name: "Link to customer: evt_1" })).toBeTruthy();
    expect(within(payments).getByRole("button", { name: "Link to customer: payment 5" })).toBeTruthy();
    expect(within(payments).getByText("Refund")).toBeTruthy();
    expect(within(payments).getAllByText("Not given")).toHaveLength(2);
  });

  it("says one payment in the singular", async () => {
    stubApi({ "/api/admin/transactions/unlinked": [payment] });
    renderAt(<UnlinkedPaymentsPage />, "/admin/payments");
    await screen.findByRole("list", { name: "Payments without a customer" });
    expect(screen.getByRole("status").textContent).toBe("1 payment without a customer");
  });
});
