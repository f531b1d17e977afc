/**
 * The live chat's third-party script is allowed by the content security policy on the help-centre
 * page only, and only when a chat widget is configured (decision D4).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, rawRequest } from "../../support/raw-http";
import { createTestApp, type TestApp } from "../../support/test-app";

function directive(csp: string, name: string): string {
  return (
    csp
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? ""
  );
}

describe("the content security policy and the help centre's live chat", () => {
  let clientDir: string;
  let withChat: TestApp;
  let withoutChat: TestApp;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "portal-client-"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Portal</title>");
    withChat = await createTestApp({ clientDir, env: { CHAT_WIDGET_ID: "crisp-website-id" } });
    withoutChat = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await withChat.close();
    await withoutChat.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const cspOf = async (app: TestApp, url: string) => {
    const res = await app.app.inject({ method: "GET", url });
    return String(res.headers["content-security-policy"]);
  };

  it("allows Crisp's script, styles, fonts and socket on the help-centre page when a widget is configured", async () => {
    for (const url of ["/help-centre", "/help-centre/", "/Help-Centre", "/help-centre?chat=open"]) {
      const csp = await cspOf(withChat, url);
      expect(directive(csp, "script-src"), url).toBe("script-src 'self' https://client.crisp.chat");
      expect(directive(csp, "style-src"), url).toBe(
        "style-src 'self' 'unsafe-inline' https://client.crisp.chat",
      );
      expect(directive(csp, "font-src"), url).toBe("font-src 'self' data: https://client.crisp.chat");
      expect(directive(csp, "connect-src"), url).toBe(
        "connect-src 'self' https://client.crisp.chat https://storage.crisp.chat wss://client.relay.crisp.chat",
      );
    }
  });

  it("keeps the strict policy on every other page and on the API", async () => {
    for (const url of [
      "/dashboard",
      "/",
      "/help-centre/faq",
      "/help-centres",
      "/api/health",
      "/api/config",
    ]) {
      const csp = await cspOf(withChat, url);
      expect(csp, url).not.toContain("crisp");
      expect(directive(csp, "script-src"), url).toBe("script-src 'self'");
      expect(directive(csp, "connect-src"), url).toBe("connect-src 'self'");
    }
  });

  it("allows no third party on the help-centre page when no widget is configured", async () => {
    const csp = await cspOf(withoutChat, "/help-centre");
    expect(csp).not.toContain("crisp");
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
  });

  it("still answers a request target that is no URL with the strict policy, never a 5xx", async () => {
    const port = await listenOnLoopback(withChat.app);
    for (const target of ["http://[bad/help-centre", "//help-centre", "/%E0%A4%A/help-centre"]) {
      const res = await rawRequest(port, { method: "GET", target });
      expect(res.status, target).toBeLessThan(500);
      expect(String(res.headers["content-security-policy"]), target).not.toContain("crisp");
    }
  });
});
