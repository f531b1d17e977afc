// @vitest-environment jsdom
/**
 * The pages speak the signed-in customer's chosen language and keep it for this browser, except while
 * support views the portal as a customer: then the admin reads it in their own (decision 052).
 */
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../src/client/app/providers/app-providers";
import { i18n } from "../../../src/client/lib/i18n/i18n";
import { activateLanguage, pickedLanguage, rememberLanguage } from "../../../src/client/lib/i18n/language";
import { currentUser } from "./support/current-user";

function sessionAnswer(language: "en" | "de" | null, viewing: boolean) {
  return {
    user: currentUser({
      id: 7,
      uid: "0b5e3c52-7777-4888-9999-aaaabbbbcccc",
      name: "Dana Deutsch",
      email: "dana@example.test",
      username: null,
      language,
    }),
    viewing: viewing ? { adminName: "Ada Admin", since: "2026-11-28T10:00:00.000Z" } : null,
  };
}

function renderWithSession(language: "en" | "de" | null, viewing: boolean) {
  // jsdom has no media queries; the theme asks for the OS colour scheme.
  vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal("fetch", async (url: string) =>
    url === "/api/session"
      ? Response.json(sessionAnswer(language, viewing))
      : Response.json({}, { status: 404 }),
  );
  render(
    <AppProviders>
      <p>page</p>
    </AppProviders>,
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  rememberLanguage(null);
  await activateLanguage("en");
});

describe("the language of the signed-in pages", () => {
  it("follows the customer's choice and keeps it for this browser's next visit", async () => {
    renderWithSession("de", false);
    await waitFor(() => expect(i18n.locale).toBe("de"));
    expect(document.documentElement.lang).toBe("de");
    expect(pickedLanguage()).toBe("de");
  });

  it("stays the admin's own while support views the portal as a customer who chose another", async () => {
    renderWithSession("de", true);
    // The session has answered once the page shows; the language must not have moved.
    await waitFor(() => expect(document.querySelector("p")?.textContent).toBe("page"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.locale).toBe("en");
    expect(pickedLanguage()).toBeNull();
  });

  it("follows the browser when the customer chose none", async () => {
    renderWithSession(null, false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.locale).toBe("en");
    expect(pickedLanguage()).toBeNull();
  });
});
