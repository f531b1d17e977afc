/**
 * The browser tests' `test`: signs in by writing the session cookie directly (only the tests of the
 * sign-in screens go through them), fails on unexpected console errors, and checks accessibility.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { runAxe } from "./axe";
import { disposableSessionToken, type E2eUserKey, e2eUsers, SESSION_COOKIE } from "./users";

export { expect };

export interface SignInOptions {
  /**
   * Use one of the user's disposable sessions (by index) instead of the shared one: required for a
   * test that signs out, which would otherwise sign out every other test running as that user.
   */
  disposable?: number;
}

interface Fixtures {
  signInAs: (user: E2eUserKey, options?: SignInOptions) => Promise<void>;
  consoleErrors: { allow: (pattern: RegExp) => void };
}

// The browser logs every non-2xx fetch; a 401 is how a request after the session ended looks. The
// session check itself answers 200 when signed out (decision 013): a failure of it is never allowed.
const ALWAYS_ALLOWED = [/Failed to load resource: the server responded with a status of 401/];
const SESSION_CHECK = /\/api\/session(\?|$)/;

/**
 * A loopback address of the test's own, as a proxy in front of the portal would forward it: its own,
 * so that per-address limits hold per test; loopback, because the development mailbox and the test
 * checkout answer only clients on the portal's machine (decision 018).
 */
function clientAddressOf(testId: string, retry: number): string {
  let hash = 2166136261;
  for (const char of `${testId}#${retry}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return `127.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${(hash & 253) + 2}`;
}

export const test = base.extend<Fixtures>({
  context: async ({ context }, use, testInfo) => {
    await context.setExtraHTTPHeaders({
      "x-forwarded-for": clientAddressOf(testInfo.testId, testInfo.retry),
    });
    await use(context);
  },

  signInAs: async ({ context, baseURL }, use) => {
    await use(async (user, options = {}) => {
      if (!baseURL) throw new Error("signInAs needs the baseURL from playwright.config.ts");
      const value =
        options.disposable === undefined
          ? e2eUsers[user].sessionToken
          : disposableSessionToken(user, options.disposable);
      await context.addCookies([{ name: SESSION_COOKIE, value, url: baseURL }]);
    });
  },

  consoleErrors: [
    async ({ page }, use) => {
      const allowed = [...ALWAYS_ALLOWED];
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        const fromSessionCheck = SESSION_CHECK.test(message.location().url);
        if (fromSessionCheck || !allowed.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`Uncaught: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors, "the page logged unexpected errors").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Runs axe on the page once its transitions have ended, and fails on any serious or critical
 * violation. A dialog or a toast still fading in has the contrast of its half-way frame, which is
 * not what anyone reads, and which failed the contrast rule now and then; endless animations (a
 * spinner, a skeleton's pulse) are what the page shows, and are checked as they are.
 */
export async function expectNoSeriousA11yViolations(page: Page, where = ""): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await runAxe(page);
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `serious accessibility violations${where ? ` on ${where}` : ""}`).toEqual([]);
}
