// @vitest-environment jsdom
import { twMerge } from "tailwind-merge";
import { afterEach, describe, expect, it, vi } from "vitest";

const config = {
  knowledgeBaseUrl: "https://help.example.test",
  supportEmail: "support@example.test",
  supportPhone: "+44 20 0000 0000",
  chatWidgetId: null,
  googleSignInEnabled: false,
  devToolsEnabled: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Every class attribute under `root` that tailwind-merge would change. */
function overridingClasses(root: Element): string[] {
  return [root, ...root.querySelectorAll("[class]")]
    .map((element) => element.getAttribute("class") ?? "")
    .filter((classes) => twMerge(classes) !== classes.replace(/\s+/g, " ").trim());
}

describe("the sign-in page", () => {
  it("needs no tailwind-merge: none of its classes overrides another, with or without errors", async () => {
    // Fresh modules, so `cn` is as the first load has it: tailwind-merge not loaded.
    vi.resetModules();
    vi.stubGlobal("fetch", async (url: string) =>
      url === "/api/config"
        ? Response.json(config)
        : Response.json({ error: "Invalid email or password" }, { status: 401 }),
    );
    const { cleanup, fireEvent, render, screen } = await import("@testing-library/react");
    const { createElement } = await import("react");
    const { QueryClientProvider } = await import("@tanstack/react-query");
    const { MemoryRouter } = await import("react-router");
    const { createQueryClient } = await import("../../../src/client/lib/query-client");
    // The fresh modules' instance speaks no language until told, as in the browser before main.tsx.
    const { i18n } = await import("../../../src/client/lib/i18n/i18n");
    const { messages } = await import("../../../src/shared/i18n/locales/en/public");
    i18n.loadAndActivate({ locale: "en", messages });
    const { LoginPage } = await import("../../../src/client/features/auth/pages/login-page");

    const { container } = render(
      createElement(
        QueryClientProvider,
        { client: createQueryClient() },
        createElement(MemoryRouter, { initialEntries: ["/login"] }, createElement(LoginPage)),
      ),
    );
    try {
      expect(await screen.findByText("Google sign-in is not configured on this portal.")).toBeTruthy();
      expect(overridingClasses(container)).toEqual([]);

      fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
      expect(await screen.findByText("Password is required")).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByLabelText("Email"));
      expect(overridingClasses(container)).toEqual([]);

      fireEvent.change(screen.getByLabelText("Email"), { target: { value: " casey@example.test " } });
      fireEvent.change(screen.getByLabelText("Password", { exact: true }), { target: { value: "wrong" } });
      fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
      expect(await screen.findByText("Login Failed")).toBeTruthy();
      expect(overridingClasses(container)).toEqual([]);
    } finally {
      cleanup();
    }
  });
});
