import { expect, type Page } from "@playwright/test";

/**
 * Notes, on every page the test opens from now on, when the first element matching `selector` (the
 * screen's own heading, not the loading screen's) is in the document.
 */
export async function watchFirstScreen(page: Page, selector: string): Promise<void> {
  await page.addInitScript((wanted) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(wanted)) return;
      Object.assign(window, { firstScreenAt: performance.now() });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

/**
 * The build's scripts the page asked for before its first screen was in the document (what it asked
 * for later is not the first screen's), once its heading shows; each once, sorted.
 */
export async function firstScreenScripts(page: Page): Promise<string[]> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The heading may be the page's first paint's (decision 056), there before the screen's.
  await page.waitForFunction(() => "firstScreenAt" in window);
  const scripts = await page.evaluate(() => {
    const at = (window as unknown as { firstScreenAt: number }).firstScreenAt;
    return performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name) && entry.startTime < at)
      .map((entry) => new URL(entry.name).pathname);
  });
  return [...new Set(scripts)].sort();
}
