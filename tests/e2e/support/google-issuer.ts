/**
 * The browser tests' Google: a local OpenID issuer (oauth2-mock-server) that the e2e server is
 * configured with. Who signs in at it is the test's choice: the test adds the claims to the address
 * of the issuer's authorization page that the portal sends the browser to, as a person would pick
 * an account there.
 */
import type { Page } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";

const IDENTITY_PARAM = "e2e_identity";
export const E2E_GOOGLE_CLIENT_ID = "e2e-portal-client";

/** Starts the issuer; each code it hands out carries the claims the browser's cookie named. */
export async function startE2eGoogleIssuer(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const claimsByCode = new Map<string, Record<string, unknown>>();
  server.service.on("beforeAuthorizeRedirect", (redirect, req) => {
    const chosen = new URL(req.url ?? "/", "http://issuer.invalid").searchParams.get(IDENTITY_PARAM);
    const code = redirect.url.searchParams.get("code");
    if (typeof chosen !== "string" || !code) return;
    const claims = JSON.parse(chosen);
    if (claims.deny) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      return;
    }
    claimsByCode.set(code, claims);
  });
  server.service.on("beforeTokenSigning", (token, req) => {
    const code = (req.body as { code?: string } | undefined)?.code;
    const claims = code ? claimsByCode.get(code) : undefined;
    if (claims) Object.assign(token.payload, claims);
  });
  const url = server.issuer.url;
  if (!url) throw new Error("the e2e issuer has no URL");
  return { url, stop: () => server.stop() };
}

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
  await page.unroute("**/api/auth/google");
  await page.unroute("**/api/auth/google/link");
  // The portal's start redirects to the issuer; a redirect's target cannot be routed, its source can.
  await page.route("**/api/auth/google", async (route) => {
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
