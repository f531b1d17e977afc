// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../src/client/components/ui/toaster";
import { LanguageCard } from "../../../src/client/features/settings/components/language-card";
import { createQueryClient } from "../../../src/client/lib/query-client";
import { sessionState, setSessionUser, useSessionUser } from "../../../src/client/lib/session";
import type { CurrentUser } from "../../../src/shared/api/user";
import { currentUser } from "./support/current-user";

// The browser's side of languages (cookie, catalogues) is language.ts's own; here only what the card asks of it.
const browser = vi.hoisted(() => ({
  activateLanguage: vi.fn(async (_language: string) => {}),
  rememberLanguage: vi.fn((_language: string | null) => {}),
  browserLanguage: vi.fn(() => "en"),
}));
vi.mock("../../../src/client/lib/i18n/language", () => browser);

const user = currentUser();

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch: `PUT /api/user/language` answers `save(body)`; every call is recorded. */
function stubApi(save: (body: unknown) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ method, url, body });
    if (url === "/api/user/language" && method === "PUT") return save(body);
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  return calls;
}

/** As the settings page does: the card shows the session user from the cache. */
function LanguageFromSession() {
  const { user: sessionUser } = useSessionUser();
  return sessionUser ? <LanguageCard user={sessionUser} /> : null;
}

function renderCard(saved: CurrentUser = user) {
  const queryClient = createQueryClient();
  setSessionUser(saved);
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageFromSession />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return queryClient;
}

const toastRegion = () => screen.getByRole("region", { name: /^Notifications/ });
const group = () => screen.getByRole("group", { name: "Language" });
const radio = (name: string) => within(group()).getByRole("radio", { name }) as HTMLInputElement;
const checkedName = () =>
  within(group())
    .getAllByRole("radio")
    .filter((input) => (input as HTMLInputElement).checked)
    .map((input) => input.getAttribute("value"));

function askBrowserFor(languages: string[]) {
  vi.spyOn(window.navigator, "languages", "get").mockReturnValue(languages);
}

beforeEach(() => {
  browser.activateLanguage.mockClear();
  browser.rememberLanguage.mockClear();
  browser.browserLanguage.mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the settings language card", () => {
  it("offers the browser's language, English and Deutsch as one group, the saved one checked", () => {
    askBrowserFor(["de-AT", "en;q=0.5"]);
    stubApi(() => Response.json({ language: "en" }));
    renderCard({ ...user, language: "en" });

    expect(group().getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(group().getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "The language of the portal and of the emails we send you.",
    );
    expect(
      within(group())
        .getAllByRole("radio")
        .map((input) => input.getAttribute("value")),
    ).toEqual(["browser", "en", "de"]);
    expect(checkedName()).toEqual(["en"]);
    // Each language is named in its own language, and marked as such for screen readers.
    for (const [name, lang] of [
      ["Deutsch", "de"],
      ["English", "en"],
    ]) {
      const labelId = radio(name ?? "").getAttribute("aria-labelledby") ?? "";
      expect(document.getElementById(labelId)?.getAttribute("lang")).toBe(lang);
    }
    // The hint says what "the browser's language" is now, from what the browser asks for.
    const browserOption = radio("Your browser's language");
    const hintId = browserOption.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(hintId)?.textContent).toBe("Your browser asks for Deutsch");
  });

  it("says English for a browser that asks for none of the portal's languages", () => {
    askBrowserFor(["fr-FR", "es"]);
    stubApi(() => Response.json({ language: null }));
    renderCard();
    expect(checkedName()).toEqual(["browser"]);
    const hintId = radio("Your browser's language").getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(hintId)?.textContent).toBe("Your browser asks for English");
  });

  it("saves Deutsch, keeps it in the session and on this browser, speaks it and says so", async () => {
    const calls = stubApi(() => Response.json({ language: "de" }));
    renderCard();
    expect(within(toastRegion()).queryByText("Language saved")).toBeNull();

    fireEvent.click(radio("Deutsch"));

    await waitFor(() => expect(within(toastRegion()).getByText("Language saved")).toBeTruthy());
    const toast = within(toastRegion()).getByText("Language saved").closest("li") as HTMLElement;
    expect(toast.className).not.toContain("destructive");
    expect(calls).toEqual([{ method: "PUT", url: "/api/user/language", body: { language: "de" } }]);
    expect(sessionState().user).toEqual({ ...user, language: "de" });
    expect(browser.rememberLanguage.mock.calls).toEqual([["de"]]);
    expect(browser.activateLanguage.mock.calls).toEqual([["de"]]);
    await waitFor(() => expect(checkedName()).toEqual(["de"]));
  });

  it("puts the browser's language back: forgets this browser's pick, then speaks what the browser asks for", async () => {
    browser.browserLanguage.mockReturnValue("en");
    const calls = stubApi(() => Response.json({ language: null }));
    renderCard({ ...user, language: "de" });
    expect(checkedName()).toEqual(["de"]);

    fireEvent.click(radio("Your browser's language"));

    await waitFor(() => expect(within(toastRegion()).getByText("Language saved")).toBeTruthy());
    expect(calls).toEqual([{ method: "PUT", url: "/api/user/language", body: { language: null } }]);
    expect(sessionState().user).toEqual({ ...user, language: null });
    expect(browser.rememberLanguage.mock.calls).toEqual([[null]]);
    expect(browser.activateLanguage.mock.calls).toEqual([["en"]]);
    // Asked only once the pick is forgotten, or the old pick would answer.
    const [remembered] = browser.rememberLanguage.mock.invocationCallOrder;
    const [asked] = browser.browserLanguage.mock.invocationCallOrder;
    expect(remembered).toBeLessThan(asked ?? 0);
    await waitFor(() => expect(checkedName()).toEqual(["browser"]));
  });

  it("shows the pick while it is saved, then the server's refusal and the saved choice again when the view is read only", async () => {
    let refuse: () => void = () => {};
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    const calls = stubApi(async () => {
      await refused;
      return Response.json({ error: "Read only while viewing as a customer" }, { status: 403 });
    });
    renderCard({ ...user, language: "en" });

    fireEvent.click(radio("Deutsch"));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(checkedName()).toEqual(["de"]);
    refuse();

    await waitFor(() => expect(within(toastRegion()).getByText("Language not saved")).toBeTruthy());
    const toast = within(toastRegion()).getByText("Language not saved").closest("li") as HTMLElement;
    expect(toast.className).toContain("destructive");
    expect(within(toast).getByText("Read only while viewing as a customer")).toBeTruthy();
    expect(calls).toEqual([{ method: "PUT", url: "/api/user/language", body: { language: "de" } }]);
    await waitFor(() => expect(checkedName()).toEqual(["en"]));
    expect(sessionState().user).toEqual({ ...user, language: "en" });
    expect(browser.rememberLanguage).not.toHaveBeenCalled();
    expect(browser.activateLanguage).not.toHaveBeenCalled();
  });
});
