/**
 * Decision 056: a signed-in first screen's page paints the layout's frame and the page's heading
 * from its HTML, before the portal's script runs, and the app takes that first paint away in the
 * frame it shows the screen in. What the first paint draws must be where the app then draws it.
 */
import type { Page } from "@playwright/test";
import { firstPaintHeaders } from "../../src/client/app/layout/first-paint-shell";
import { expect, test } from "./support/fixtures";
import { holdRequests } from "./support/held-requests";

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/** The heading, its description and the phone's top bar (or the wide screen's sidebar column). */
function boxesIn(page: Page, scope: string): Promise<Record<string, Box | null>> {
  return page.evaluate((scope) => {
    const box = (element: Element | null | undefined) => {
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height, text: element.textContent?.trim() ?? "" };
    };
    const root = document.querySelector(scope);
    const heading = root?.querySelector("h1");
    // The bar is the app's <header>, or the first paint's drawing of it; the column is the sidebar.
    const bars = [...(root?.querySelectorAll("header, div.h-14, .w-64") ?? [])].filter(
      (element) => element.getBoundingClientRect().width > 0,
    );
    return {
      heading: box(heading),
      description: box(heading?.nextElementSibling),
      bar: box(bars[0]),
    };
  }, scope);
}

/** The page as its HTML paints it: the portal's entry script comes in empty. */
async function firstPaintOf(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${path}: the page names no entry script`);
  await page.route(`**${entry}`, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await page.goto(path);
  await expect(page.locator("#first-paint h1")).toBeVisible();
  const boxes = await boxesIn(page, "#first-paint");
  await page.unroute(`**${entry}`);
  return boxes;
}

function expectSameBoxes(
  painted: Record<string, Box | null>,
  shown: Record<string, Box | null>,
  where: string,
) {
  for (const part of ["heading", "description", "bar"]) {
    const first = painted[part];
    const then = shown[part];
    expect(first, `${where}: the first paint's ${part}`).not.toBeNull();
    expect(then, `${where}: the screen's ${part}`).not.toBeNull();
    if (!first || !then) continue;
    for (const side of ["x", "y", "width", "height"] as const) {
      expect(Math.abs(first[side] - then[side]), `${where}: the ${part}'s ${side}`).toBeLessThanOrEqual(1);
    }
    if (part !== "bar") expect(first.text, `${where}: the ${part}'s text`).toBe(then.text);
  }
}

for (const [name, viewport] of [
  ["a phone", PHONE],
  ["a wide screen", WIDE],
] as const) {
  test(`on ${name}, each first paint draws the heading and the frame where the screen then shows them`, async ({
    page,
    signInAs,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    for (const path of Object.keys(firstPaintHeaders)) {
      await signInAs(path.startsWith("/admin/") ? "admin" : "customer");
      const painted = await firstPaintOf(page, path);
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.locator("#first-paint")).toHaveCount(0);
      expectSameBoxes(painted, await boxesIn(page, "#root"), `${path} on ${name}`);
    }
  });
}

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("the first paint speaks the page's language and matches the screen", async ({ page, signInAs }) => {
    await signInAs("customer");
    await page.setViewportSize(PHONE);
    for (const path of ["/dashboard", "/accounts/linkedin"]) {
      const painted = await firstPaintOf(page, path);
      expect(painted.heading?.text, path).toBe(path === "/dashboard" ? "Dashboard" : "Ihre LinkedIn-Konten");
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      expectSameBoxes(painted, await boxesIn(page, "#root"), `${path} in German`);
    }
  });
});

test("the first paint stays until the app shows something: no blank frame, no frame with both", async ({
  page,
  signInAs,
}) => {
  await signInAs("customer");
  await page.setViewportSize(PHONE);
  // Every frame from the page's start: whether it shows the first paint, the screen's heading, the
  // app's loading screen once its quiet moment is over (on a slow start), or none of them.
  await page.addInitScript(() => {
    const frames: string[] = [];
    Object.assign(window, { paintedFrames: frames });
    const look = () => {
      const screen = document.querySelector("#root main h1") !== null;
      const loading =
        !screen &&
        [...(document.getElementById("root")?.children ?? [])].some(
          (e) => !e.matches("[data-loading-quiet]"),
        );
      const shown = [
        document.getElementById("first-paint") ? "first paint" : "",
        screen ? "screen" : "",
        loading ? "loading" : "",
      ].filter(Boolean);
      frames.push(shown.join(" and ") || "nothing");
      if (!screen) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // The session's answer comes late, so the app spends a while on its loading screen's quiet moment.
  const releaseSession = await holdRequests(page, "**/api/session");
  await page.goto("/accounts/linkedin", { waitUntil: "commit" });
  await expect(page.locator("#first-paint h1")).toHaveText("Your LinkedIn Accounts");
  // The app has started, and shows its loading screen under the first paint (or, on a start slower
  // than the loading screen's quiet moment, its spinner instead of the first paint).
  await expect(page.locator("#root > *")).not.toHaveCount(0);
  releaseSession();
  await expect(page.locator("main h1")).toHaveText("Your LinkedIn Accounts");
  await expect(page.locator("#first-paint")).toHaveCount(0);

  const frames = await page.evaluate(() => (window as unknown as { paintedFrames: string[] }).paintedFrames);
  // Frames before the body was parsed show nothing; from the first paint on, one thing at a time.
  const fromFirstPaint = frames.slice(frames.indexOf("first paint"));
  expect(fromFirstPaint.length, frames.join(", ")).toBeGreaterThan(1);
  expect(
    fromFirstPaint.filter((frame) => !["first paint", "loading", "screen"].includes(frame)),
    frames.join(", "),
  ).toEqual([]);
  expect(fromFirstPaint.at(-1)).toBe("screen");
});

test("a stored dark theme is on the first paint, before the portal's script runs", async ({
  page,
  signInAs,
}) => {
  await signInAs("customer");
  await page.addInitScript(() => window.localStorage.setItem("vite-ui-theme", "dark"));
  await firstPaintOf(page, "/dashboard");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const background = await page
    .locator("#first-paint")
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  const light = await page.evaluate(() => {
    document.documentElement.classList.replace("dark", "light");
    return getComputedStyle(document.getElementById("first-paint") as HTMLElement).backgroundColor;
  });
  expect(background).not.toBe(light);
});

test("a signed-out visitor's first paint gives way to the sign-in page", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator("#first-paint")).toHaveCount(0);
});

test("the first paint holds the note for a browser without JavaScript, which it would otherwise cover", async ({
  page,
}) => {
  const html = await (await page.request.get("/dashboard")).text();
  const firstPaint = html.slice(html.indexOf('<div id="first-paint"'), html.indexOf('<div id="root">'));
  expect(firstPaint).toContain("<h1");
  expect(firstPaint).toMatch(/<noscript>\s*<p>\s*The Customer Portal needs JavaScript\./);
  expect(html.match(/<noscript>/g)).toHaveLength(1);
});
