/**
 * axe-core run in the page as it is now: injected once per document, then `axe.run` on the whole
 * document. @axe-core/playwright's builder did the same at four to five times the cost: it injects
 * the 560 KB script before every run and finishes each run in a new blank page (a renderer of its
 * own), about 3 s a check on a two-core machine against 0.7 s here. The portal's pages have no
 * frames, which are what its way of running is for.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Every rule axe runs by default, or only `rules`; `passes` are left out unless asked for. */
export async function runAxe(
  page: Page,
  options: { rules?: string[]; withPasses?: boolean } = {},
): Promise<Pick<AxeResults, "violations" | "passes">> {
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const runOptions: RunOptions = {
    resultTypes: options.withPasses ? ["violations", "passes"] : ["violations"],
    ...(options.rules ? { runOnly: { type: "rule", values: options.rules } } : {}),
  };
  return page.evaluate(async (runOptions) => {
    const { violations, passes } = await (window as unknown as { axe: typeof import("axe-core") }).axe.run(
      document,
      runOptions,
    );
    return { violations, passes };
  }, runOptions);
}
