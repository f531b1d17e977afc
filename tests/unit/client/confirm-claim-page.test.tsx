// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserQueryKey } from "../../../src/client/features/auth/api/get-current-user";
import { ConfirmClaimPage } from "../../../src/client/features/auth/pages/confirm-claim-page";
import { createQueryClient } from "../../../src/client/lib/query-client";

const user = {
  id: 3,
  uid: "4a8f0f5e-1111-4222-8333-944445555666",
  name: "Imogen Imported",
  email: "imogen@example.test",
  username: null,
  role: "customer",
  createdAt: "2026-01-02T03:04:05.000Z",
  onboardingUrl: null,
  optimizationUrl: null,
};

function renderAt(url: string) {
  const queryClient = createQueryClient();
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/register-existing/confirm" element={<ConfirmClaimPage />} />
            <Route path="/" element={<p>Home</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return queryClient;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the claim confirmation page", () => {
  it("sends a one-time token once under StrictMode, signs the user in and goes home a second later", async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      if (url === "/api/register-existing-user/confirm") return Response.json(user);
      return Response.json(user); // the session read-back
    });
    const queryClient = renderAt("/register-existing/confirm?token=abcdefghijklmnopqrstuvwxyz");

    expect(await screen.findByText(/you are signed in/)).toBeTruthy();
    const confirms = calls.filter(([url]) => url === "/api/register-existing-user/confirm");
    expect(confirms).toHaveLength(1);
    expect(JSON.parse(String(confirms[0]?.[1]?.body))).toEqual({ token: "abcdefghijklmnopqrstuvwxyz" });
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);

    expect(await screen.findByText("Home", undefined, { timeout: 2000 })).toBeTruthy();
  });

  it("explains a link without a token, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderAt("/register-existing/confirm");
    expect(await screen.findByText(/This link is invalid/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe(
      "/register-existing",
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
