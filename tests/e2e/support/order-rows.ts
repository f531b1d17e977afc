/**
 * An order's rows as a page shows them, [label, amount] each: its lines, then the subtotal, the
 * discount line and the total. The portal's pages and the test checkout's server-rendered page are
 * read the same way, so a test can check that they all say the same.
 */
import type { Locator, Page } from "@playwright/test";

/** The subtotal, discount and total rows of an order's totals (a `dl` of label and amount). */
export function totalsOf(scope: Locator) {
  return scope
    .locator("dl")
    .last()
    .locator("div")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector("dt")?.textContent?.trim() ?? "",
        row.querySelector("dd")?.textContent?.trim() ?? "",
      ]),
    );
}

/** The rows of the read-only order on a portal page: the "Items" list, then its totals. */
export async function orderRowsOnPage(
  page: Page,
  scope: Locator = page.locator("main"),
): Promise<string[][]> {
  const items = scope.getByRole("list", { name: "Items" });
  await items.waitFor();
  const lines = await items
    .getByRole("listitem")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector("p")?.textContent?.trim() ?? "",
        row.querySelector(":scope > span")?.textContent?.trim() ?? "",
      ]),
    );
  const totals = await totalsOf(items.locator(".."));
  return [...lines, ...totals];
}

/** The rows of the order table on the test checkout's page (server HTML). */
export function orderRowsOnTestCheckout(page: Page): Promise<string[][]> {
  return page
    .locator("table tbody tr, table tfoot tr")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector("th")?.firstChild?.textContent?.trim() ?? "",
        row.querySelector("td")?.textContent?.trim() ?? "",
      ]),
    );
}
