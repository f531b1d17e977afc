// @vitest-environment jsdom
/**
 * The app's error boundary offers a reload in the language spoken, and still says what happened when
 * no language could be loaded at all (decision 052).
 */
import { afterEach, describe, expect, it, vi } from "vitest";

function Broken(): never {
  throw new Error("render failed");
}

afterEach(async () => {
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});

describe("the error boundary", () => {
  async function renderBroken(language: "de" | null) {
    // Fresh modules: a browser instance that speaks no language until told.
    vi.resetModules();
    const { render, screen } = await import("@testing-library/react");
    const { createElement } = await import("react");
    const { ErrorBoundary } = await import("../../../src/client/app/error-boundary");
    if (language) {
      const { i18n } = await import("../../../src/client/lib/i18n/i18n");
      const { messages } = await import("../../../src/shared/i18n/locales/de/public");
      i18n.loadAndActivate({ locale: language, messages });
    }
    // React reports the caught error on the console; that is the point here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(createElement(ErrorBoundary, { name: "test", children: createElement(Broken) }));
    return screen;
  }

  it("speaks the active language", async () => {
    const screen = await renderBroken("de");
    expect(screen.getByRole("heading").textContent).toBe("Etwas ist schiefgelaufen");
    expect(screen.getByRole("button").textContent).toBe("Seite neu laden");
    expect(screen.getByRole("alert")).toBeTruthy();
  });

  it("says it in English when no language has loaded", async () => {
    const screen = await renderBroken(null);
    expect(screen.getByRole("heading").textContent).toBe("Something went wrong");
    expect(screen.getByRole("button").textContent).toBe("Reload the page");
  });
});
