/** Decision 013: a signed-out first visit is clean: no console error, no content-security-policy report. */

import type { Page, Request } from "@playwright/test";
import { firstScreenScripts, watchFirstScreen } from "./support/first-screen-scripts";
import { expect, test } from "./support/fixtures";
import { holdRequests } from "./support/held-requests";
import { holdScriptsContaining } from "./support/held-scripts";

test("a signed-out visit to /login logs no console error and breaks no policy, even when the form checks", async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  await page.addInitScript(() => {
    const reports: string[] = [];
    Object.assign(window, { policyViolations: reports });
    document.addEventListener("securitypolicyviolation", (event) => {
      reports.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // An empty submit runs the form's zod schema, which must not try to compile code with eval.
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.waitForLoadState("networkidle");

  expect(consoleErrors).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations),
  ).toEqual([]);
});

/**
 * Holds the session's answer back until `releaseSession()`, and tells whether a script with a given
 * text has come in: chunks are named after whatever the build merged into them, so they are told
 * apart by content.
 */
async function holdSessionAndWatchScripts(page: Page) {
  const scripts: Promise<string>[] = [];
  // What a screen's chunk waits for besides itself: the chunks it imports, and the configuration the
  // sign-in page loads with (signed-out-screens.ts). The session is held apart.
  const inFlight = new Set<Request>();
  const awaited = (request: Request) =>
    request.resourceType() === "script" || new URL(request.url()).pathname === "/api/config";
  page.on("request", (request) => {
    if (awaited(request)) inFlight.add(request);
  });
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
  });
  const releaseSession = await holdRequests(page, "**/api/session");
  const scriptWith = async (text: string) =>
    (await Promise.all(scripts)).some((code) => code.includes(text)) && inFlight.size === 0;
  return { releaseSession, scriptWith };
}

test("a first visit to /login asks for the sign-in page while the session is checked, and shows it with no loading screen between", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { loadingScreens: seen });
    const busy = '[aria-busy="true"], [role="status"]';
    // A loading screen put in the page: one already there (a slow machine's page shows it once its
    // quiet moment is over) is not one "between" the session's answer and the screen.
    new MutationObserver((records) => {
      const added = records.flatMap((record) => [...record.addedNodes]);
      if (added.some((node) => node instanceof Element && (node.matches(busy) || node.querySelector(busy))))
        seen.push(String(performance.now()));
    }).observe(document, { childList: true, subtree: true });
  });
  const { releaseSession, scriptWith } = await holdSessionAndWatchScripts(page);

  await page.goto("/login", { waitUntil: "commit" });
  const signInPage = "Sign in to manage your LinkedIn accounts, orders and billing.";
  // The page's chunk names its messages by id; their text came with the page (decision 052).
  await expect.poll(() => scriptWith('"login.description"')).toBe(true);
  // The session's answer is what the screen still waits for; once it is in, the page follows. The
  // loading screen's quiet moment (1.5 s, app/loading-screen.tsx) is over first: its spinner shows
  // before the answer, and not, on a slow machine, while the page follows it.
  await page.waitForFunction(() => document.querySelector('[role="status"]') !== null);
  await page.evaluate(() => {
    (window as unknown as { loadingScreens: string[] }).loadingScreens.length = 0;
  });
  releaseSession();
  await expect(page.getByText(signInPage)).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { loadingScreens: string[] }).loadingScreens),
  ).toEqual([]);
});

test("the sign-in page's first paint says whether Google sign-in is offered, so the form never moves", async ({
  page,
}) => {
  // Whether "Continue with Google" was enabled when the form first was there (the browser tests'
  // portal offers Google sign-in). A portal without it shows a line saying so, which, added a moment
  // later, moved the centred form up.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector("h1")) return;
      const google = [...document.querySelectorAll("button")].find((button) =>
        button.textContent?.includes("Continue with Google"),
      );
      Object.assign(window, { googleWithForm: google ? !google.disabled : "no button" });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const configRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/config") configRequests.push(request.url());
  });

  // The page waits for the configuration for a moment only (the next test), which a busy machine
  // can miss: its chunk is held until the preloaded answer is in, as it is on a quiet one.
  const loginPage = await holdScriptsContaining(page, ['"login.second-step.title"']);
  const configAnswered = page.waitForEvent(
    "requestfinished",
    (request) => new URL(request.url()).pathname === "/api/config",
  );
  const response = await page.goto("/login", { waitUntil: "commit" });
  expect(await response?.text()).toContain('<link rel="preload" href="/api/config" as="fetch"');
  await configAnswered;
  loginPage.release();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { googleWithForm: unknown }).googleWithForm)).toBe(
    true,
  );
  // The app's own request takes the preloaded answer.
  expect(configRequests).toHaveLength(1);
});

test("the sign-in page does not wait long for a slow configuration answer", async ({ page }) => {
  const releaseConfig = await holdRequests(page, "**/api/config");
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
  releaseConfig();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
});

test("a signed-in first visit to /dashboard uses the preloaded session answer and asks for its screens at once", async ({
  page,
  signInAs,
}) => {
  await signInAs("customer");
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  // The session's answer is held back: the screens' chunks must not wait for it.
  const { releaseSession, scriptWith } = await holdSessionAndWatchScripts(page);

  await page.goto("/dashboard", { waitUntil: "commit" });
  await expect.poll(() => scriptWith('"dashboard.description"')).toBe(true);
  await expect.poll(() => scriptWith('"layout.skip-to-content"')).toBe(true);
  releaseSession();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  // One request: the page's preload, which the app's own session check then used.
  expect(requested.filter((path) => path === "/api/session")).toHaveLength(1);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
});

test("a signed-in first visit gets lucide's icons in two chunks instead of one per icon", async ({
  page,
  signInAs,
}) => {
  await signInAs("customer");
  for (const path of ["/dashboard", "/accounts/linkedin"]) {
    const scripts: string[] = [];
    const listener = (request: { url(): string; resourceType(): string }) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    };
    page.on("request", listener);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    page.off("request", listener);

    expect(
      scripts.some((script) => /^\/assets\/icons-/.test(script)),
      path,
    ).toBe(true);
    expect(
      scripts.some((script) => /^\/assets\/signed-in-icons-/.test(script)),
      path,
    ).toBe(true);
    // Each icon in a chunk of its own made it about 36 (decision 013).
    expect(scripts.length, `${path}: ${scripts.join(" ")}`).toBeLessThanOrEqual(22);
  }
});

test("a phone's signed-in first screen needs no more chunks than a browser fetches from a host at once", async ({
  page,
  signInAs,
}) => {
  await signInAs("customer");
  await page.setViewportSize({ width: 390, height: 844 });
  await watchFirstScreen(page, "#root main h1");
  for (const path of ["/dashboard", "/accounts/linkedin"]) {
    await page.goto(path);
    // The page's locale warm-up (decision 055) and its first paint's theme (decision 056) are not
    // chunks: a few hundred bytes each, classic scripts that no chunk waits for.
    const classic = ["/locale-warm-up-", "/first-paint-theme-"];
    const all = await firstScreenScripts(page);
    const scripts = all.filter((script) => !classic.some((name) => script.includes(name)));
    for (const name of classic) {
      expect(
        all.filter((script) => script.includes(name)),
        `${path} loads ${name}`,
      ).toHaveLength(1);
    }
    // The entry, its icons, and no more chunks than the six connections a browser opens to one host
    // over HTTP/1.1: a seventh waited for a second round trip, with the page's data behind it.
    expect(scripts.length, `${path}: ${scripts.join(" ")}`).toBeLessThanOrEqual(8);
  }
});

test("a signed-in first visit asks for the page's data with the session, and for zod not at all", async ({
  page,
  signInAs,
}) => {
  await signInAs("customer");
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
  });
  // The signed-in layout's chunk (found by a message id: a production build keeps the ids, not the
  // English) is held back: the data must not wait for the screen.
  const layout = await holdScriptsContaining(page, ['"layout.skip-to-content"']);

  await page.goto("/dashboard", { waitUntil: "commit" });
  await expect.poll(() => requested.includes("/api/activity")).toBe(true);
  expect(requested.some((path) => path.startsWith("/api/accounts/linkedin/user/"))).toBe(true);
  expect(layout.held).toHaveLength(1);
  layout.release();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "LinkedIn Accounts" })).not.toContainText("…");
  await page.waitForLoadState("networkidle");

  // Read once each: the page's first mount uses the answers asked for with the session.
  expect(requested.filter((path) => path === "/api/activity")).toHaveLength(1);
  expect(requested.filter((path) => path.startsWith("/api/accounts/linkedin/user/"))).toHaveLength(1);
  // zod's core names its base class "$ZodType"; the answers were checked by hand.
  const code = await Promise.all(scripts);
  expect(code.some((text) => text.includes("$ZodType"))).toBe(false);

  // The accounts screen's first load goes without zod too.
  scripts.length = 0;
  await page.goto("/accounts/linkedin");
  await expect(page.getByRole("heading", { name: "Your LinkedIn Accounts", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect((await Promise.all(scripts)).some((text) => text.includes("$ZodType"))).toBe(false);
});

test("a signed-in first visit paints the layout and the page together, even when the page's chunk is late", async ({
  page,
  signInAs,
}) => {
  await signInAs("customer");
  // Every change to the page is looked at: the main navigation must never be there without the
  // page's heading, as it was when the layout showed a spinner where the page goes.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { layoutWithoutPage: seen });
    new MutationObserver(() => {
      const nav = document.querySelector('nav[aria-label="Main"]');
      if (nav && !document.querySelector("main h1"))
        seen.push((document.body.textContent ?? "").slice(0, 200));
    }).observe(document, { childList: true, subtree: true });
  });
  // The dashboard's chunk (found by a message id) is held back until everything else has arrived.
  const dashboardChunk = await holdScriptsContaining(page, ['"dashboard.description"']);

  await page.goto("/dashboard", { waitUntil: "commit" });
  await expect.poll(() => dashboardChunk.held.length).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toHaveCount(0);
  dashboardChunk.release();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).first()).toBeAttached();
  expect(
    await page.evaluate(() => (window as unknown as { layoutWithoutPage: string[] }).layoutWithoutPage),
  ).toEqual([]);
});
