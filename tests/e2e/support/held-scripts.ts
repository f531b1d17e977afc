import type { Page } from "@playwright/test";

/**
 * Holds back every script of the build whose code contains one of `texts` until `release()`, so a
 * test can tell what a screen draws without that code, and what a user's press does before it is in.
 * Routing turns the browser's cache off: each script is fetched again.
 *
 * The scripts are fetched with Node's own fetch rather than `route.fetch()`: reading the bodies of
 * the many answers Playwright fetched at once now and then failed with "Response has been disposed"
 * while the page was still loading.
 */
export async function holdScriptsContaining(page: Page, texts: string[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const answer = await fetch(route.request().url());
    const body = await answer.text();
    if (texts.some((text) => body.includes(text))) {
      held.push(new URL(route.request().url()).pathname);
      await released;
    }
    await route.fulfill({
      status: answer.status,
      contentType: answer.headers.get("content-type") ?? "text/javascript",
      body,
    });
  });
  return { release, held };
}
