// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../src/client/components/ui/toaster";
import { ReplacementRequestsPage } from "../../../src/client/features/replacement-requests/pages/replacement-requests-page";
import { createQueryClient } from "../../../src/client/lib/query-client";
import { forgetRevalidatedBodies } from "../../../src/client/lib/revalidated-get";
import { setSessionUser } from "../../../src/client/lib/session";
import type { ReplacementRequest } from "../../../src/shared/api/replacement-requests";
import { currentUser } from "./support/current-user";

const user = currentUser();

function request(fields: Partial<ReplacementRequest>): ReplacementRequest {
  return {
    id: 1,
    accountId: 31,
    accountLabel: "Bruno Brandt",
    kind: "wrong_password",
    wish: "replacement",
    note: "",
    status: "submitted",
    operatorNote: null,
    replacementAccount: null,
    delivered: true,
    createdAt: "2026-11-20T10:00:00.000Z",
    statusChangedAt: "2026-11-20T10:00:00.000Z",
    ...fields,
  };
}

const submitted = request({ id: 1, note: "It asks for a code." });
const replaced = request({
  id: 2,
  accountId: null,
  accountLabel: "Chloe Chen",
  kind: "restricted",
  status: "replaced",
  replacementAccount: { id: 77, label: "Rita Rossi" },
  statusChangedAt: "2026-11-22T10:00:00.000Z",
});
const declined = request({
  id: 3,
  accountLabel: "Dmitri Dahl",
  kind: "other",
  wish: "fix",
  status: "declined",
  operatorNote: "The account works: sign in with the new password.",
  statusChangedAt: "2026-11-23T10:00:00.000Z",
});

interface Call {
  method: string;
  url: string;
}

type Answer = (url: URL, method: string) => Response | undefined;

/** Stubs fetch with `answer`; every call is recorded. */
function stubApi(answer: Answer): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ method, url });
    return (
      answer(new URL(url, "http://portal.test"), method) ??
      Response.json({ error: "Not found" }, { status: 404 })
    );
  });
  return calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(path = "/accounts/requests") {
  const queryClient = createQueryClient();
  setSessionUser(user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ReplacementRequestsPage />
        <Where />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const cardOf = (label: string) => screen.getByRole("article", { name: label });

beforeEach(() => forgetRevalidatedBodies());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Requests page", () => {
  it("shows each request with its account, kind, wish, note, status and what the operator did", async () => {
    stubApi((url) =>
      url.pathname === "/api/replacement-requests"
        ? Response.json({ requests: [submitted, replaced, declined], nextCursor: null })
        : undefined,
    );
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Requests" })).toBeTruthy();
    await screen.findByRole("list", { name: "Requests" });
    expect(screen.getByRole("status").textContent).toBe("3 requests");

    const bruno = cardOf("Bruno Brandt");
    expect(within(bruno).getByRole("link", { name: "Bruno Brandt" }).getAttribute("href")).toBe(
      "/accounts/linkedin?q=Bruno+Brandt",
    );
    expect(within(bruno).getByText("Submitted")).toBeTruthy();
    expect(within(bruno).getByText("Wrong password")).toBeTruthy();
    expect(within(bruno).getByText("A replacement account")).toBeTruthy();
    expect(within(bruno).getByText("It asks for a code.")).toBeTruthy();
    expect(within(bruno).queryByText("Updated")).toBeNull();
    expect(within(bruno).getByRole("button", { name: "Withdraw the request for Bruno Brandt" })).toBeTruthy();

    // The account is no longer the customer's: its name stays, without a link.
    const chloe = cardOf("Chloe Chen");
    expect(within(chloe).queryByRole("link", { name: "Chloe Chen" })).toBeNull();
    expect(within(chloe).getByText("Replaced")).toBeTruthy();
    expect(within(chloe).getByRole("link", { name: "Rita Rossi" }).getAttribute("href")).toBe(
      "/accounts/linkedin?q=Rita+Rossi",
    );
    expect(within(chloe).getByText("Updated")).toBeTruthy();
    expect(within(chloe).queryByRole("button", { name: /Withdraw/ })).toBeNull();

    const dmitri = cardOf("Dmitri Dahl");
    expect(within(dmitri).getByText("Declined")).toBeTruthy();
    expect(within(dmitri).getByText("The account works: sign in with the new password.")).toBeTruthy();
    expect(within(dmitri).getByText("A fix for this account")).toBeTruthy();
  });

  it("filters by status through the URL and the server", async () => {
    const calls = stubApi((url) => {
      if (url.pathname !== "/api/replacement-requests") return undefined;
      const status = url.searchParams.get("status");
      if (status === "open") return Response.json({ requests: [submitted], nextCursor: null });
      if (status === "withdrawn") return Response.json({ requests: [], nextCursor: null });
      return Response.json({ requests: [submitted, replaced, declined], nextCursor: null });
    });
    renderPage();
    await screen.findByRole("list", { name: "Requests" });

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "open" } });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("1 open request"));
    expect(screen.getByTestId("where").textContent).toBe("/accounts/requests?status=open");
    expect(calls.some((c) => c.url === "/api/replacement-requests?status=open")).toBe(true);

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "withdrawn" } });
    expect(await screen.findByRole("heading", { name: "No withdrawn requests" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show all requests" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("3 requests"));
    expect(screen.getByTestId("where").textContent).toBe("/accounts/requests");
  });

  it("reads an unknown status in the URL as All", async () => {
    const calls = stubApi(() => Response.json({ requests: [submitted], nextCursor: null }));
    renderPage("/accounts/requests?status=lost");
    await screen.findByRole("list", { name: "Requests" });
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("all");
    expect(calls.map((c) => c.url)).toEqual(["/api/replacement-requests"]);
  });

  it("says there are none yet, with the way to the accounts", async () => {
    stubApi(() => Response.json({ requests: [], nextCursor: null }));
    renderPage();
    expect(await screen.findByRole("heading", { name: "No requests yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your LinkedIn accounts" }).getAttribute("href")).toBe(
      "/accounts/linkedin",
    );
  });

  it("shows the server's error, and loads again on Try again", async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? Response.json({ error: "The requests are resting" }, { status: 500 })
        : Response.json({ requests: [submitted], nextCursor: null }),
    );
    renderPage();
    const alert = await screen.findByRole("alert", {}, { timeout: 8000 });
    expect(alert.textContent).toContain("Your requests could not be loaded");
    expect(alert.textContent).toContain("The requests are resting");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: /Try again/ }));
    expect(await screen.findByRole("list", { name: "Requests" })).toBeTruthy();
  });

  it("loads the next page with the cursor", async () => {
    const calls = stubApi((url) =>
      url.searchParams.get("cursor") === "page-2"
        ? Response.json({ requests: [declined], nextCursor: null })
        : Response.json({ requests: [submitted, replaced], nextCursor: "page-2" }),
    );
    renderPage();
    await screen.findByRole("list", { name: "Requests" });
    expect(screen.getByRole("status").textContent).toBe("2+ requests");
    fireEvent.click(screen.getByRole("button", { name: "Load more requests" }));
    await screen.findByRole("article", { name: "Dmitri Dahl" });
    expect(screen.getByRole("status").textContent).toBe("3 requests");
    expect(screen.queryByRole("button", { name: "Load more requests" })).toBeNull();
    expect(calls.some((c) => c.url === "/api/replacement-requests?cursor=page-2")).toBe(true);
  });

  it("withdraws a submitted request once confirmed, and shows it withdrawn", async () => {
    let withdrawn = false;
    const calls = stubApi((url, method) => {
      if (url.pathname === "/api/replacement-requests/1/withdraw" && method === "POST") {
        withdrawn = true;
        return Response.json({ ...submitted, status: "withdrawn" });
      }
      if (url.pathname === "/api/replacement-requests") {
        const first = withdrawn ? { ...submitted, status: "withdrawn" as const } : submitted;
        return Response.json({ requests: [first], nextCursor: null });
      }
      return undefined;
    });
    renderPage();
    await screen.findByRole("list", { name: "Requests" });

    fireEvent.click(screen.getByRole("button", { name: "Withdraw the request for Bruno Brandt" }));
    const confirm = screen.getByRole("alertdialog", { name: "Withdraw this request?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Keep the request" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(withdrawn).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Withdraw the request for Bruno Brandt" }));
    fireEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Withdraw the request" }),
    );
    expect(await screen.findByText("Request withdrawn")).toBeTruthy();
    await waitFor(() => expect(within(cardOf("Bruno Brandt")).getByText("Withdrawn")).toBeTruthy());
    expect(within(cardOf("Bruno Brandt")).queryByRole("button", { name: /Withdraw/ })).toBeNull();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/replacement-requests/1/withdraw",
    ]);
  });

  it("keeps the confirmation open with the server's reason when the operator has moved on", async () => {
    stubApi((url, method) => {
      if (method === "POST") {
        return Response.json({ error: "Only a submitted request can be withdrawn" }, { status: 409 });
      }
      return url.pathname === "/api/replacement-requests"
        ? Response.json({ requests: [submitted], nextCursor: null })
        : undefined;
    });
    renderPage();
    await screen.findByRole("list", { name: "Requests" });
    fireEvent.click(screen.getByRole("button", { name: "Withdraw the request for Bruno Brandt" }));
    const confirm = screen.getByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Withdraw the request" }));
    expect((await within(confirm).findByRole("alert")).textContent).toBe(
      "Only a submitted request can be withdrawn",
    );
  });
});
