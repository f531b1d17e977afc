import type { Page } from "@playwright/test";

/**
 * Holds back every request matching `url` (a Playwright URL pattern) until `release()`, then lets it
 * through to the server as sent.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
