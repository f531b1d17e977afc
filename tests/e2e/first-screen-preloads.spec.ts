/**
 * Decision 013: the page the server sends for a path names the chunks of that path's first screen,
 * so a phone asks for them with the entry. The table the build reads (first-screen-modules.ts)
 * repeats what the app loads at start; this checks, for every path of it, that the page names
 * exactly the scripts a phone's first screen loads when the page names none. The page also carries
 * the messages its screen speaks (decision 052), which the page naming none keeps.
 */
import { firstScreenModules } from "../../src/client/app/routes/first-screen-modules";
import { firstScreenScripts, watchFirstScreen } from "./support/first-screen-scripts";
import { expect, test } from "./support/fixtures";

const paths = Object.keys(firstScreenModules);

/**
 * The scripts a page names: its entry, its module preloads, its locale warm-up (decision 055) and
 * its first paint's theme (decision 056).
 */
function scriptsNamedBy(html: string): string[] {
  const named = [
    ...html.matchAll(/<script [^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
  ].map((match) => match[1] as string);
  return [...new Set(named)].sort();
}

test("each first screen's page names exactly the scripts a phone's first screen loads", async ({
  page,
  signInAs,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  // The screen's heading, not the one the page's first paint draws before the app runs (decision 056).
  await watchFirstScreen(page, "#root h1");
  const plainPage = await (await page.request.get("/")).text();
  expect(scriptsNamedBy(plainPage).length).toBeGreaterThan(0);
  // The checkout shows the order saved from the cart; without one it sends the customer to the shop.
  await signInAs("admin");
  await page.goto("/orders");
  await page
    .getByRole("button", { name: /Add to Cart/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Confirm and Checkout" }).click();
  await expect(page).toHaveURL("/checkout");

  for (const path of paths) {
    if (path !== "/login") await signInAs("admin");
    else await page.context().clearCookies();

    const ownPage = await (await page.request.get(path)).text();
    expect(ownPage, path).not.toBe(plainPage);

    // The same path loaded from its page without the chunks it names: what the app itself asks for.
    const namingNone = ownPage.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, "");
    await page.route(`${baseURL}${path}`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: namingNone }),
    );
    await page.goto(path);
    const loaded = await firstScreenScripts(page);
    await page.unroute(`${baseURL}${path}`);
    expect(new URL(page.url()).pathname, "the screen stayed on its path").toBe(path);

    expect(scriptsNamedBy(ownPage), path).toEqual(loaded);
  }
});

test("a path's own page loads no script before its first screen that it does not name", async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The screen's heading, not the one the page's first paint draws before the app runs (decision 056).
  await watchFirstScreen(page, "#root h1");
  await signInAs("customer");
  for (const path of ["/dashboard", "/accounts/linkedin"]) {
    const response = await page.goto(path);
    const named = scriptsNamedBy((await response?.text()) ?? "");
    expect(named.length, path).toBeGreaterThan(2);
    expect(await firstScreenScripts(page), path).toEqual(named);
  }
});
