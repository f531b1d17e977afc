/**
 * The browser tests' Google: the e2e server is configured with the local OpenID issuer of
 * tests/fakes/oidc-issuer.ts. Who signs in at it is the test's choice: the test adds the claims to
 * the address of the issuer's authorization page that the portal sends the browser to, as a person
 * would pick an account there.
 */
import type { Page } from "@playwright/test";
import { IDENTITY_PARAM } from "../../fakes/oidc-issuer";

export const E2E_GOOGLE_CLIENT_ID = "e2e-portal-client";

/** The portal's Google start, with or without the page to return to (`?next=`). */
const isGoogleStart = (url: URL) => url.pathname === "/api/auth/google";

/** The Google account the next "Continue with Google" (or Link Google) on this page signs in as. */
export async function signInAtGoogleAs(
  page: Page,
  claims: { sub: string; email?: string; email_verified?: boolean; name?: string } | { deny: true },
): Promise<void> {
  const withIdentity = (address: string) => {
    const url = new URL(address);
    url.searchParams.set(IDENTITY_PARAM, JSON.stringify(claims));
    return url.href;
  };
  await page.unroute(isGoogleStart);
  await page.unroute("**/api/auth/google/link");
  // The portal's start redirects to the issuer; a redirect's target cannot be routed, its source can.
  await page.route(isGoogleStart, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers().location;
    await route.fulfill({
      response,
      headers: { ...response.headers(), ...(location ? { location: withIdentity(location) } : {}) },
    });
  });
  await page.route("**/api/auth/google/link", async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const { url } = (await response.json()) as { url: string };
    return route.fulfill({ response, json: { url: withIdentity(url) } });
  });
}
