import type { Page } from "@playwright/test";

/**
 * Holds back every request matching `url` (a Playwright URL pattern) until `release()`, then lets it
 * through to the server as sent.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
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

/**
 * Resolves once every request the page has started so far has been seen by the test: the page sends
 * one probe of its own, and requests reach the test in the order the page started them. A test that
 * says "no request went out" waits for this instead of a fixed delay.
 */
export async function afterRequestsSoFar(page: Page): Promise<void> {
  const probe = `/api/health?probe=${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(probe));
  await page.evaluate((url) => {
    void fetch(url).catch(() => {});
  }, probe);
  await seen;
}

/** Holds the answers of requests matching `url` until `release()`, so that a state that would pass too quickly can be looked at. */
export async function holdAnswers(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  return release;
}
