// @vitest-environment jsdom
/**
 * Viewing as a customer in the browser (decision 036): the admin's "View as customer" button asks
 * for a reason, starts viewing and opens the customer's dashboard; the signed-in layout's banner
 * names the customer and stops viewing, back to the customer's admin page.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ViewingBanner } from "../../../src/client/app/layout/viewing-banner";
import { ViewAsButton } from "../../../src/client/features/admin/components/view-as-button";
import { createQueryClient } from "../../../src/client/lib/query-client";
import { refreshSession, sessionState } from "../../../src/client/lib/session";
import type { CurrentUser } from "../../../src/shared/api/user";
import type { Viewing, ViewingStarted } from "../../../src/shared/api/view-as";
import { currentUser } from "./support/current-user";

const customer = currentUser({
  id: 7,
  uid: "c0ffee00-1111-4222-8333-944445555666",
  name: "Vera Viewed",
  email: "vera@example.test",
  username: "vera",
});
const admin: CurrentUser = { ...customer, id: 1, uid: "admin-uid", name: "Ada Admin", role: "admin" };
const viewing: Viewing = {
  admin: { name: "Ada Admin", email: "ada@example.test" },
  since: "2026-11-26T10:00:00.000Z",
  reason: "Ticket 12",
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch with the portal's answers while `state.viewing` says whether the session views. */
function stubApi(startAnswer: () => Response = () => Response.json(started)) {
  const calls: Call[] = [];
  const state = { viewing: false };
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    if (url === `/api/admin/customers/${customer.uid}/view-as` && method === "POST") {
      const res = startAnswer();
      if (res.ok) state.viewing = true;
      return res;
    }
    if (url === "/api/view-as" && method === "DELETE") {
      state.viewing = false;
      return new Response(null, { status: 204 });
    }
    if (url === "/api/session") {
      return Response.json(state.viewing ? { user: customer, viewing } : { user: admin, viewing: null });
    }
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  return { calls, state };
}
const started: ViewingStarted = {
  customer: { uid: customer.uid, name: customer.name, email: customer.email },
  viewing,
};

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** Renders `element` at `path` once the (stubbed) session has answered: viewing now, or not. */
async function renderAt(path: string, element: React.ReactNode, viewingNow: boolean) {
  const queryClient = createQueryClient();
  await refreshSession();
  expect(sessionState()).toMatchObject({
    user: viewingNow ? customer : admin,
    viewing: viewingNow ? viewing : null,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const path = () => screen.getByTestId("path").textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("View as customer", () => {
  it("asks for a reason, starts viewing and opens the customer's dashboard", async () => {
    const { calls } = stubApi();
    await renderAt(
      `/admin/customers/${customer.uid}`,
      <ViewAsButton customer={{ uid: customer.uid, name: customer.name }} />,
      false,
    );
    fireEvent.click(screen.getByRole("button", { name: "View as customer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "View as Vera Viewed?" });

    // Too short: said on the field, nothing sent.
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "ab" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Start viewing" }));
    expect(await within(dialog).findByText("Reason must be at least 3 characters")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Ticket 12" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Start viewing" }));
    await waitFor(() => expect(path()).toBe("/dashboard"));
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", url: `/api/admin/customers/${customer.uid}/view-as`, body: { reason: "Ticket 12" } },
    ]);
  });

  it("shows the server's refusal in the dialog and stays", async () => {
    stubApi(() => Response.json({ error: "This customer's portal login is closed" }, { status: 409 }));
    await renderAt(
      `/admin/customers/${customer.uid}`,
      <ViewAsButton customer={{ uid: customer.uid, name: customer.name }} />,
      false,
    );
    fireEvent.click(screen.getByRole("button", { name: "View as customer" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Ticket 12" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Start viewing" }));
    expect(await within(dialog).findByText("This customer's portal login is closed")).toBeTruthy();
    expect(path()).toBe(`/admin/customers/${customer.uid}`);
  });
});

describe("the viewing banner", () => {
  it("names the customer and stops viewing, back to the customer's admin page", async () => {
    const { calls, state } = stubApi();
    state.viewing = true;
    await renderAt("/dashboard", <ViewingBanner user={customer} />, true);
    const banner = screen.getByRole("region", { name: "Viewing as a customer" });
    expect(banner.textContent).toBe("Viewing as Vera Viewed (vera@example.test) — read onlyStop viewing");
    fireEvent.click(within(banner).getByRole("button", { name: "Stop viewing" }));
    await waitFor(() => expect(path()).toBe(`/admin/customers/${customer.uid}`));
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([
      { method: "DELETE", url: "/api/view-as", body: {} },
    ]);
  });

  it("is not there when the session views no one", async () => {
    stubApi();
    await renderAt("/dashboard", <ViewingBanner user={admin} />, false);
    expect(screen.queryByRole("region", { name: "Viewing as a customer" })).toBeNull();
  });
});
