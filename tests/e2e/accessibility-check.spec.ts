/**
 * The accessibility check every screen's test runs (support/axe.ts) sees what axe sees: a check that
 * found nothing on a broken page would pass every screen.
 */
import { expect, test } from "@playwright/test";
import { runAxe } from "./support/axe";

test("finds a serious violation, once per document however often it runs, and only the rules asked for", async ({
  page,
}) => {
  await page.setContent(
    `<html lang="en"><body><main><h1>Broken</h1><img src="/x.png"><button></button></main></body></html>`,
  );
  const first = await runAxe(page);
  expect(first.violations.map((v) => [v.id, v.impact])).toEqual(
    expect.arrayContaining([
      ["image-alt", "critical"],
      ["button-name", "critical"],
    ]),
  );
  expect((await runAxe(page)).violations.map((v) => v.id)).toEqual(first.violations.map((v) => v.id));
  const one = await runAxe(page, { rules: ["image-alt"], withPasses: true });
  expect(one.violations.map((v) => v.id)).toEqual(["image-alt"]);
  expect(one.passes).toEqual([]);

  await page.setContent(
    `<html lang="en"><body><main><h1>Fine</h1><img src="/x.png" alt="A chart"></main></body></html>`,
  );
  expect((await runAxe(page, { rules: ["image-alt"] })).violations).toEqual([]);
});
