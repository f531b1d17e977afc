/**
 * The transaction history (/billing/transactions): cards newest first that say what each payment was
 * ("Payment", "Renewal", "Payment failed", "Refund") in the spec's colour of its event type, refunds
 * as negative amounts, codes and ids in the details only, receipts and Pay now on the card, the type
 * filter and product search kept in the URL, the CSV export of what is shown, Manage billing or why
 * there is none, the plans card, every state on a desktop and on a phone in both themes, and a
 * test-checkout payment arriving in the list with its plan and receipt. The seeded histories are in
 * support/e2e-transactions.ts.
 */
import { readFile } from "node:fs/promises";
import type { Download, Locator, Page, Route } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { TransactionList } from "../../src/shared/api/transactions";
import { newPerson } from "../support/builders";
import {
  E2E_BUYER_DETAILS,
  LATE_PAYER_INVOICES,
  LONG_EVENT_ID,
  LONG_HISTORY_LENGTH,
  LONG_HISTORY_REFUNDS,
  longHistory,
  ownerTransactions,
} from "./support/e2e-transactions";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { holdRequests } from "./support/held-requests";
import { registerThroughApi, toasts } from "./support/journeys";
import { e2eUsers } from "./support/users";

// The list's URL, with or without ?uid=, but not the export's.
const LIST_URL = /\/api\/transactions(\?.*)?$/;

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "Transaction History" });
const list = (page: Page) => page.getByRole("list", { name: "Transactions" });
const cards = (page: Page) => list(page).getByRole("article");
const cardOf = (page: Page, product: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: product, exact: true }) });
const productHeadings = (page: Page) => list(page).getByRole("heading", { level: 2 });
const search = (page: Page) => page.getByLabel("Search by product");
const eventTypeFilter = (page: Page) => page.getByLabel("Type", { exact: true });
const summary = (page: Page) => page.getByRole("status").filter({ hasText: /transactions?$/ });
const exportButton = (page: Page) => page.getByRole("button", { name: "Export CSV" });
const manageBilling = (page: Page) => page.getByRole("button", { name: "Manage billing" });
const loadMore = (page: Page) => page.getByRole("button", { name: "Load more" });
const plansCard = (page: Page) => page.getByRole("region", { name: "Your plans" });
const NO_BILLING_ACCOUNT_YET =
  "Manage billing opens your plans, cards and invoices once you have made your first payment.";
/** An element by id; React's generated ids are not valid in a #selector. */
const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);

/** The products of the cards, top to bottom. */
const NEWEST_FIRST = ownerTransactions.map((t) => t.product);

async function openTransactions(page: Page, query = "") {
  await page.goto(`/billing/transactions${query}`);
  await expect(heading(page)).toBeVisible();
}

/** Expands a card by its toggle (named after the transaction) and answers its details. */
async function expand(page: Page, card: Locator): Promise<Locator> {
  const toggle = card.getByRole("button", { name: /^Details of / });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const id = await toggle.getAttribute("aria-controls");
  expect(id, "the toggle names the details it controls").toBeTruthy();
  return byId(page, id ?? "");
}

/** A detail's value in an expanded card, by its label. */
const detail = (details: Locator, label: string) =>
  details.locator(`xpath=.//dt[normalize-space()='${label}']/following-sibling::dd[1]`);

async function readCsv(download: Download): Promise<{ text: string; rows: Array<Record<string, string>> }> {
  const text = await readFile(await download.path(), "utf8");
  return { text, rows: parse(text, { columns: true, bom: true }) as Array<Record<string, string>> };
}

/** Answers the list from the server's own answer, changed by `change`. */
async function changeListAnswer(page: Page, change: (answer: TransactionList) => TransactionList) {
  await page.route(LIST_URL, async (route: Route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as TransactionList;
    await route.fulfill({ response, json: change(answer) });
  });
}

async function expectNoPageScrollSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test.describe("a customer with a billing history", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("transactionsOwner");
  });

  test("sees a card per transaction, newest first, with its event type, date, name and amount", async ({
    page,
  }) => {
    const startedAt = Date.now();
    await openTransactions(page);
    await expect(productHeadings(page)).toHaveText(NEWEST_FIRST);
    await expect(summary(page)).toHaveText("7 transactions");

    const plus = cardOf(page, "2 × LinkedIn Plus");
    await expect(plus).toContainText("Payment");
    await expect(plus).toContainText("Oct 17, 2026");
    await expect(plus).toContainText(E2E_BUYER_DETAILS.name);
    await expect(plus).toContainText("$268.00");
    await expect(cardOf(page, "LinkedIn Lite")).toContainText("€98.00");
    // A refund takes money back: it reads negative.
    const refund = cardOf(page, "LinkedIn Automation");
    await expect(refund).toContainText("Refund");
    await expect(refund.getByText("\u2212$44.00", { exact: true })).toBeVisible();

    // Each kind in the customer's words, in the spec's colour of its event type (section 4); a type
    // the portal gives no meaning, in grey.
    const badges = {
      "checkout.session.completed": ["Payment", /\bbg-green-100\b/],
      "payment.succeeded": ["Renewal", /\bbg-blue-100\b/],
      "payment.failed": ["Payment failed", /\bbg-red-100\b/],
      "refund.created": ["Refund", /\bbg-yellow-100\b/],
      "invoice.paid": ["Other", /\bbg-zinc-100\b/],
    } as const;
    for (const [eventType, [label, colour]] of Object.entries(badges)) {
      const badge = list(page).locator(`[data-event-type="${eventType}"]`).first();
      await expect(badge).toHaveText(label);
      await expect(badge).toHaveClass(colour);
    }
    // Codes and ids are in the details, not on the cards.
    for (const code of [...Object.keys(badges), LONG_EVENT_ID, e2eUsers.transactionsOwner.uid]) {
      await expect(list(page)).not.toContainText(code);
    }

    // Without a time from the base, the card shows when the portal recorded the payment.
    const undated = cardOf(page, "LinkedIn Exec").locator("time");
    const recorded = Date.parse((await undated.getAttribute("datetime")) ?? "");
    expect(recorded).toBeGreaterThan(startedAt - 24 * 3_600_000);

    // Never paid through Stripe: nothing to manage there yet, and the page says when there will be.
    await expect(exportButton(page)).toBeVisible();
    await expect(manageBilling(page)).toHaveCount(0);
    await expect(page.getByText(NO_BILLING_ACCOUNT_YET)).toBeVisible();
    await expect(plansCard(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the transaction history");
  });

  test("opens and closes a transaction's details from the keyboard", async ({ page }) => {
    await openTransactions(page);
    const plus = cardOf(page, "2 × LinkedIn Plus");
    const toggle = plus.getByRole("button", {
      name: "Details of Payment: 2 × LinkedIn Plus, Oct 17, 2026, $268.00",
    });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const details = byId(page, (await toggle.getAttribute("aria-controls")) ?? "");

    await expect(detail(details, "Event type")).toHaveText("checkout.session.completed");
    await expect(detail(details, "Event ID")).toHaveText(LONG_EVENT_ID);
    await expect(detail(details, "Client reference ID")).toHaveText(e2eUsers.transactionsOwner.uid);
    await expect(detail(details, "Object")).toHaveText("checkout.session");
    await expect(detail(details, "Email")).toHaveText(E2E_BUYER_DETAILS.email);
    await expect(detail(details, "Phone")).toHaveText("+353 1 555 0100");
    await expect(detail(details, "Address")).toContainText("682 High Street");
    await expect(detail(details, "Address")).toContainText("Apartment 4B");
    await expect(detail(details, "Address")).toContainText("D02 X285 Dublin");
    await expect(detail(details, "Address")).toContainText("Ireland");
    // Empty fields are left out, and the base gives no receipt.
    await expect(detail(details, "Discounts")).toHaveCount(0);
    await expect(detail(details, "Customer ID")).toHaveCount(0);
    await expect(plus.getByRole("link")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the transaction history with a card open");

    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(details).toHaveCount(0);

    const exec = await expand(page, cardOf(page, "LinkedIn Exec"));
    await expect(detail(exec, "Discounts")).toHaveText("10%");
    await expect(detail(exec, "Phone")).toHaveCount(0);
  });

  test("filters by event type and searches by product, kept in the URL, and clears a search that finds nothing", async ({
    page,
  }) => {
    await openTransactions(page);
    // The customer's words in the filter; the URL and the export keep the codes.
    await expect(eventTypeFilter(page).locator("option")).toHaveText([
      "All",
      "Payment",
      "Renewal",
      "Payment failed",
      "Refund",
      "Other (invoice.paid)",
    ]);

    await eventTypeFilter(page).selectOption("payment.succeeded");
    await expect(productHeadings(page)).toHaveText(["LinkedIn Plus", "LinkedIn Lite"]);
    await expect(summary(page)).toHaveText("Showing 2 of 7 transactions");
    await expect(page).toHaveURL(/[?&]eventType=payment\.succeeded(&|$)/);

    await search(page).fill("PLUS");
    await expect(productHeadings(page)).toHaveText(["LinkedIn Plus"]);
    await expect(cards(page)).toContainText(["Renewal"]);
    await expect(page).toHaveURL(/[?&]q=PLUS(&|$)/);

    await page.reload();
    await expect(productHeadings(page)).toHaveText(["LinkedIn Plus"]);
    await expect(search(page)).toHaveValue("PLUS");
    await expect(eventTypeFilter(page)).toHaveValue("payment.succeeded");

    await eventTypeFilter(page).selectOption("");
    await expect(productHeadings(page)).toHaveText(["2 × LinkedIn Plus", "LinkedIn Plus", "LinkedIn Plus"]);

    await search(page).fill("Gold plan");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText("No transactions match your search and filter")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the transaction history with no matches");

    await eventTypeFilter(page).selectOption("refund.created");
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect(productHeadings(page)).toHaveText(NEWEST_FIRST);
    await expect(search(page)).toHaveValue("");
    await expect(search(page)).toBeFocused();
    await expect(eventTypeFilter(page)).toHaveValue("");
    await expect(page).toHaveURL(/\/billing\/transactions$/);
  });

  test("a link to an event type no transaction has says nothing matches", async ({ page }) => {
    await openTransactions(page, "?eventType=charge.disputed");
    await expect(eventTypeFilter(page)).toHaveValue("charge.disputed");
    await expect(page.getByText("No transactions match your search and filter")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect(cards(page)).toHaveCount(7);
  });

  test("exports what is shown as CSV: the filtered rows, then all of them", async ({ page }) => {
    await openTransactions(page);
    await eventTypeFilter(page).selectOption("checkout.session.completed");
    await search(page).fill("plus");
    await expect(productHeadings(page)).toHaveText(["2 × LinkedIn Plus"]);

    const [request, download] = await Promise.all([
      page.waitForRequest(/\/api\/transactions\/export\.csv/),
      page.waitForEvent("download"),
      exportButton(page).click(),
    ]);
    expect(Object.fromEntries(new URL(request.url()).searchParams)).toEqual({
      eventType: "checkout.session.completed",
      q: "plus",
    });
    expect(download.suggestedFilename()).toBe("transactions.csv");
    const filtered = await readCsv(download);
    expect(filtered.rows.map((row) => [row["Event ID"], row["Event Type"], row.Product])).toEqual([
      [LONG_EVENT_ID, "checkout.session.completed", "2 × LinkedIn Plus"],
    ]);
    expect(filtered.rows[0]).toMatchObject({
      Amount: "268.00",
      Currency: "USD",
      Email: E2E_BUYER_DETAILS.email,
    });

    await search(page).fill("");
    await eventTypeFilter(page).selectOption("");
    await expect(cards(page)).toHaveCount(7);
    const [everything] = await Promise.all([page.waitForEvent("download"), exportButton(page).click()]);
    const all = await readCsv(everything);
    expect(all.rows.map((row) => row["Event ID"]).sort()).toEqual(
      ownerTransactions.map((t) => t.eventId).sort(),
    );
  });

  test("says when the export failed", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 503/);
    await page.route("**/api/transactions/export.csv*", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "The export is paused for maintenance" }),
      }),
    );
    await openTransactions(page);
    await exportButton(page).click();
    const toast = toasts(page).filter({ hasText: "Export Failed" });
    await expect(toast).toContainText("The export is paused for maintenance");
  });

  test("links each payment's receipt or invoice", async ({ page }) => {
    const receipt = "https://pay.stripe.com/receipts/e2e/rcpt_123";
    const invoice = "https://invoice.stripe.com/i/e2e/in_456";
    await changeListAnswer(page, (answer) => ({
      ...answer,
      transactions: answer.transactions.map((t) =>
        t.eventId === "evt_E2eLedgerSucceeded0002"
          ? { ...t, receiptUrl: invoice }
          : t.eventId === "evt_E2eLedgerRefund000004"
            ? { ...t, receiptUrl: receipt }
            : t,
      ),
    }));
    await openTransactions(page);
    // Seven fit on one page: nothing more to load.
    await expect(cards(page)).toHaveCount(7);
    await expect(loadMore(page)).toHaveCount(0);

    // On the card itself, without opening its details.
    const refund = cardOf(page, "LinkedIn Automation");
    const receiptLink = refund.getByRole("link", { name: /^View receipt for LinkedIn Automation/ });
    await expect(receiptLink).toBeVisible();
    await expect(receiptLink).toHaveAttribute("href", receipt);
    await expect(receiptLink).toHaveAttribute("target", "_blank");
    await expect(receiptLink).toHaveAttribute("rel", /\bnoopener\b/);

    const paid = cards(page)
      .filter({ has: page.locator('[data-event-type="payment.succeeded"]') })
      .first();
    await expect(paid.getByRole("link", { name: /^View receipt for LinkedIn Plus/ })).toHaveAttribute(
      "href",
      invoice,
    );
    await expectNoSeriousA11yViolations(page, "the transaction history with receipts");
  });

  test("offers Manage billing when the server says so, and shows the server's reason when it cannot open", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 404/);
    // This customer never paid through Stripe: the list is made to offer the button anyway, so the
    // server's own refusal is what the toast must show.
    await changeListAnswer(page, (answer) => ({
      ...answer,
      canManageBilling: true,
      billingAccount: "ready",
    }));
    await openTransactions(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/billing/portal")),
      manageBilling(page).click(),
    ]);
    expect(response.status()).toBe(404);
    const { error } = (await response.json()) as { error: string };
    const toast = toasts(page).filter({ hasText: "Billing Unavailable" });
    await expect(toast).toContainText(error);
    await expect(page).toHaveURL("/billing/transactions");
    await expect(manageBilling(page)).not.toHaveAttribute("aria-disabled");
  });

  test("says there is no billing page to open when card payments are not set up", async ({ page }) => {
    await changeListAnswer(page, (answer) => ({
      ...answer,
      canManageBilling: false,
      billingAccount: "unavailable",
    }));
    await openTransactions(page);
    await expect(
      page.getByText("Card payments are not set up in this portal yet, so there is no billing page to open."),
    ).toBeVisible();
    await expect(manageBilling(page)).toHaveCount(0);
    await expect(page.getByText(NO_BILLING_ACCOUNT_YET)).toHaveCount(0);
  });

  test("shows placeholders while the list is on its way", async ({ page }) => {
    const release = await holdRequests(page, LIST_URL);
    await openTransactions(page);
    await expect(page.getByRole("status", { name: "Loading your transactions" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the transaction history while loading");
    release();
    await expect(cards(page)).toHaveCount(7);
    await expect(page.getByRole("status", { name: "Loading your transactions" })).toHaveCount(0);
  });

  test("says the list failed to load after one more try, and Try again loads it", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 500/);
    let reads = 0;
    await page.route(LIST_URL, (route) => {
      reads += 1;
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":"Internal error"}',
      });
    });
    await openTransactions(page);
    const alert = page.getByRole("alert").filter({ hasText: "Error Loading Transactions" });
    await expect(alert).toContainText("Failed to load transactions. Please try again later.");
    expect(reads, "one load and one retry").toBe(2);
    await expect(list(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the transaction history after a failed load");

    await page.unroute(LIST_URL);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(cards(page)).toHaveCount(7);
    await expect(alert).toHaveCount(0);
  });

  test("asks to log in when the list answers that the session has ended", async ({ page }) => {
    let reads = 0;
    await page.route(LIST_URL, (route) => {
      reads += 1;
      return route.fulfill({
        status: 401,
        contentType: "application/json",
        body: '{"error":"Not signed in"}',
      });
    });
    await openTransactions(page);
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await expect(page.getByText("Please log in to view your transactions.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to login" })).toHaveAttribute(
      "href",
      "/login?next=/billing/transactions",
    );
    expect(reads, "a 401 is not tried again").toBe(1);
    await expect(list(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the transaction history when signed out");
  });
});

test("a customer with no transactions is pointed to the shop", async ({ page, signInAs }) => {
  await signInAs("customer");
  await openTransactions(page);
  await expect(page.getByRole("heading", { name: "No transactions yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Place Order" })).toHaveAttribute("href", "/orders");
  await expect(exportButton(page)).toHaveCount(0);
  await expect(manageBilling(page)).toHaveCount(0);
  await expect(page.getByText(NO_BILLING_ACCOUNT_YET)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the empty transaction history");
  await page.getByRole("link", { name: "Place Order" }).click();
  await expect(page).toHaveURL("/orders");
});

test.describe("a customer with a long billing history", () => {
  // The products newest first, as the server orders them: by time, then the later row first.
  const rows = longHistory({ id: 0, uid: "" }).map((row, n) => ({ ...row, n }));
  const newestFirst = rows
    .sort((a, b) => b.createdTime.getTime() - a.createdTime.getTime() || b.n - a.n)
    .map((row) => row.product);

  test.beforeEach(async ({ signInAs }) => {
    await signInAs("longHistory");
  });

  for (const device of [
    { name: "a desktop", viewport: { width: 1280, height: 800 } },
    { name: "a phone", viewport: { width: 390, height: 844 } },
  ]) {
    test(`sees the first page and more as they scroll, each row once, on ${device.name}`, async ({
      page,
    }) => {
      await page.setViewportSize(device.viewport);
      const asked: string[] = [];
      page.on("request", (request) => {
        if (LIST_URL.test(request.url())) asked.push(request.url());
      });
      await openTransactions(page);
      await expect(summary(page)).toHaveText(`${LONG_HISTORY_LENGTH} transactions`);
      await expect(cards(page)).toHaveCount(50);
      await expect(page.getByText(`Showing the newest 50 of ${LONG_HISTORY_LENGTH}.`)).toBeVisible();
      await expect(loadMore(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the first page of a long history on ${device.name}`);

      await cards(page).last().scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(100);
      await cards(page).last().scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(LONG_HISTORY_LENGTH);
      await expect(productHeadings(page)).toHaveText(newestFirst);
      // The end: nothing more to ask for.
      await expect(loadMore(page)).toHaveCount(0);
      await expect(page.getByText(/^Showing the newest/)).toHaveCount(0);
      await expectNoPageScrollSideways(page);
      await expectNoSeriousA11yViolations(page, `the whole long history on ${device.name}`);
      expect(asked.filter((url) => url.includes("cursor="))).toHaveLength(2);
    });
  }

  test("loads more with the keyboard where the browser cannot watch the scroll", async ({ page }) => {
    await page.addInitScript(() => {
      // A browser without IntersectionObserver: only the button loads more.
      Reflect.deleteProperty(window, "IntersectionObserver");
    });
    await openTransactions(page);
    await expect(cards(page)).toHaveCount(50);
    await cards(page).last().scrollIntoViewIfNeeded();
    await loadMore(page).focus();
    await page.keyboard.press("Enter");
    await expect(cards(page)).toHaveCount(100);
    // Focus stays on the button, ready for the next page.
    await expect(loadMore(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(cards(page)).toHaveCount(LONG_HISTORY_LENGTH);
    await expect(productHeadings(page)).toHaveText(newestFirst);
  });

  test("filters and searches the whole history on the server, not only the rows loaded", async ({ page }) => {
    await openTransactions(page);
    await expect(cards(page)).toHaveCount(50);
    await eventTypeFilter(page).selectOption("refund.created");
    await expect(summary(page)).toHaveText(
      `Showing ${LONG_HISTORY_REFUNDS} of ${LONG_HISTORY_LENGTH} transactions`,
    );
    await expect(cards(page)).toHaveCount(LONG_HISTORY_REFUNDS);
    await expect(cards(page)).toContainText(Array(LONG_HISTORY_REFUNDS).fill("Refund"));
    await expect(loadMore(page)).toHaveCount(0);

    // Renewal 12 and 121 to 129: most of them beyond the first page.
    await eventTypeFilter(page).selectOption("");
    await search(page).fill("renewal 12");
    await expect(summary(page)).toHaveText(`Showing 10 of ${LONG_HISTORY_LENGTH} transactions`);
    await expect(productHeadings(page)).toHaveText(
      newestFirst.filter((product) => product.toLowerCase().includes("renewal 12")),
    );
    await expect(page).toHaveURL(/[?&]q=renewal(\+|%20)12(&|$)/);
  });
});

/** Every state of the page, for the accessibility and layout checks below. */
const STATES: Array<{ name: string; open: (page: Page) => Promise<void> }> = [
  {
    name: "the list with the longest card open",
    open: async (page) => {
      await openTransactions(page);
      const details = await expand(page, cardOf(page, "2 × LinkedIn Plus"));
      await expect(detail(details, "Event ID")).toHaveText(LONG_EVENT_ID);
    },
  },
  {
    name: "no matches",
    open: async (page) => {
      await openTransactions(page, "?q=Gold%20plan");
      await expect(page.getByText("No transactions match your search and filter")).toBeVisible();
    },
  },
  {
    name: "the empty history",
    open: async (page) => {
      await page.route(LIST_URL, (route) =>
        route.fulfill({
          json: {
            transactions: [],
            total: 0,
            limit: 50,
            matching: 0,
            nextCursor: null,
            eventTypes: [],
            canManageBilling: false,
            billingAccount: "none",
          },
        }),
      );
      await openTransactions(page);
      await expect(page.getByRole("heading", { name: "No transactions yet" })).toBeVisible();
    },
  },
  {
    name: "the failed load",
    open: async (page) => {
      await page.route(LIST_URL, (route) =>
        route.fulfill({ status: 500, json: { error: "Internal error" } }),
      );
      await openTransactions(page);
      await expect(page.getByRole("alert")).toContainText("Error Loading Transactions");
    },
  },
  {
    name: "the ended session",
    open: async (page) => {
      await page.route(LIST_URL, (route) => route.fulfill({ status: 401, json: { error: "Not signed in" } }));
      await openTransactions(page);
      await expect(page.getByText("Please log in to view your transactions.")).toBeVisible();
    },
  },
];

for (const device of [
  { name: "a desktop", viewport: { width: 1280, height: 800 } },
  { name: "a phone", viewport: { width: 390, height: 844 } },
]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`on ${device.name} in the ${colorScheme} theme`, () => {
      test.use({ viewport: device.viewport, colorScheme });

      test("every state fits the screen and passes axe", async ({ page, signInAs, consoleErrors }) => {
        test.slow();
        consoleErrors.allow(/status of 500/);
        await signInAs("transactionsOwner");
        for (const state of STATES) {
          await test.step(state.name, async () => {
            await page.unrouteAll({ behavior: "wait" });
            await state.open(page);
            if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
            await expectNoPageScrollSideways(page);
            await expectNoSeriousA11yViolations(page, `${state.name} on ${device.name}, ${colorScheme}`);
          });
        }
      });
    });
  }
}

test("a payment on the test checkout arrives in the history once, with its receipt, its plan and Manage billing", async ({
  page,
  baseURL,
}) => {
  // Three pages and a payment: a long journey on a slow machine.
  test.slow();
  const person = newPerson("Tess", "Ledger");
  await registerThroughApi(page.request, baseURL, person);

  await page.goto("/orders");
  await page
    .getByRole("group", { name: "LinkedIn Lite", exact: true })
    .getByRole("button", { name: /Add to Cart/ })
    .click();
  await expect(toasts(page)).toContainText("Added to Cart");
  await page
    .getByRole("region", { name: "Your cart" })
    .getByRole("button", { name: "Confirm and Checkout" })
    .click();
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
  await page.getByRole("button", { name: /^Pay \$98\.00/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();

  await page.getByRole("link", { name: "View Transaction" }).click();
  await expect(page).toHaveURL("/billing/transactions");
  // The checkout and its first invoice are one payment: one card.
  await expect(cards(page)).toHaveCount(1);
  const card = cards(page).first();
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(/1 × LinkedIn Lite/);
  const badge = card.locator('[data-event-type="checkout.session.completed"]');
  await expect(badge).toHaveText("Payment");
  await expect(badge).toHaveClass(/\bbg-green-100\b/);
  await expect(card).toContainText("$98.00");
  const receipt = card.getByRole("link", { name: /^View receipt for 1 × LinkedIn Lite/ });
  await expect(receipt).toHaveAttribute("href", /\/test-invoice\/in_local_/);
  const details = await expand(page, card);
  await expect(detail(details, "Email")).toHaveText(person.email);
  await expect(detail(details, "Event ID")).toHaveText(/^evt_local_/);
  await expect(detail(details, "Customer ID")).toHaveText(/^cus_local_/);

  const plans = plansCard(page);
  await expect(plans.getByRole("heading", { level: 3 })).toHaveText(["1 × LinkedIn Lite"]);
  await expect(plans).toContainText("Active");
  await expect(plans).toContainText("$98.00 per month");
  await expect(plans).toContainText("Next charge");
  await expect(manageBilling(page)).toBeVisible();
  await expect(page.getByText(NO_BILLING_ACCOUNT_YET)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "the history after a test payment");

  // The order history, the other billing page, shows the same plans above the orders.
  await page.goto("/billing/orders");
  await expect(plansCard(page).getByRole("heading", { level: 3 })).toHaveText(["1 × LinkedIn Lite"]);
  await openTransactions(page);

  // The receipt lists what the checkout listed.
  await page.goto((await receipt.getAttribute("href")) ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expect(page.getByRole("row", { name: /LinkedIn Lite/ })).toContainText("$98.00");
  await expect(page.getByRole("row", { name: /Amount paid/ })).toContainText("$98.00");
  await page.getByRole("link", { name: "Return to Transaction History" }).click();

  await manageBilling(page).click();
  await expect(page).toHaveURL(/\/test-billing-portal/);
});

test.describe("a customer whose renewal failed", () => {
  // The last test pays the renewal, which the others look at unpaid.
  test.describe.configure({ mode: "serial" });
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("latePayer");
  });

  for (const device of [
    { name: "a desktop", viewport: { width: 1280, height: 800 } },
    { name: "a phone", viewport: { width: 390, height: 844 } },
  ]) {
    test(`sees the plan past due and Pay now on the failed payment, on ${device.name}`, async ({ page }) => {
      await page.setViewportSize(device.viewport);
      await openTransactions(page);
      const plans = plansCard(page);
      await expect(plans.getByRole("heading", { level: 3 })).toHaveText(["1 × LinkedIn Plus"]);
      await expect(plans).toContainText("Past due");
      await expect(plans).toContainText("$134.00 per month");
      await expect(plans).toContainText("Nov 3, 2026");
      await expect(manageBilling(page)).toBeVisible();

      // The failed renewal and the first payment; the first invoice shows on the payment's card.
      await expect(cards(page)).toHaveCount(2);
      const failed = cards(page).filter({ has: page.locator('[data-event-type="payment.failed"]') });
      await expect(failed).toContainText("Payment failed");
      await expect(failed).toContainText("$134.00");
      await expect(failed.getByRole("button", { name: "Pay now for 1 × LinkedIn Plus" })).toBeVisible();
      const paid = cards(page).filter({
        has: page.locator('[data-event-type="checkout.session.completed"]'),
      });
      await expect(paid.getByRole("link", { name: /^View receipt/ })).toHaveAttribute(
        "href",
        new RegExp(`/test-invoice/${LATE_PAYER_INVOICES.first}$`),
      );
      await expectNoPageScrollSideways(page);
      await expectNoSeriousA11yViolations(page, `a failed payment on ${device.name}`);
    });
  }

  test("pays it with Pay now on the provider's invoice page, once", async ({ page }) => {
    await openTransactions(page);
    const failed = cards(page).filter({ has: page.locator('[data-event-type="payment.failed"]') });
    await failed.getByRole("button", { name: /^Pay now/ }).click();
    await expect(page).toHaveURL(new RegExp(`/test-invoice/${LATE_PAYER_INVOICES.failed}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Invoice due" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Amount due/ })).toContainText("$134.00");
    await page.getByRole("button", { name: "Pay $134.00" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Transaction History" }).click();

    await expect(heading(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByRole("button", { name: /^Pay now/ })).toHaveCount(0);
    const renewal = cards(page).filter({ has: page.locator('[data-event-type="payment.succeeded"]') });
    await expect(renewal).toContainText("Renewal");
    await expect(renewal.getByRole("link", { name: /^View receipt for 1 × LinkedIn Plus/ })).toHaveAttribute(
      "href",
      new RegExp(`/test-invoice/${LATE_PAYER_INVOICES.failed}$`),
    );
  });
});

test("a signed-out visitor is sent from the history to sign in, and back after it", async ({ page }) => {
  await page.goto("/billing/transactions");
  await expect(page).toHaveURL("/login?next=/billing/transactions");
});
