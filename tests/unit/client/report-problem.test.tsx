// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../src/client/components/ui/toaster";
import { AccountRequest } from "../../../src/client/features/linkedin-accounts/components/account-request";
import { createQueryClient } from "../../../src/client/lib/query-client";
import type { LinkedinAccount } from "../../../src/shared/api/linkedin-accounts";
import { REQUEST_NOTE_MAX } from "../../../src/shared/api/replacement-requests";

const UID = "4a8f0f5e-1111-4222-8333-944445555666";

function account(fields: Partial<LinkedinAccount>): LinkedinAccount {
  return {
    id: 31,
    accountType: "plus",
    firstName: "Bruno",
    lastName: "Brandt",
    linkedinEmail: "bruno.brandt@example.com",
    hasPassword: true,
    status: "Wrong Password",
    isPremium: false,
    isVerified: false,
    isOptimized: false,
    headline: null,
    location: null,
    industry: null,
    gender: null,
    connectionsCount: 0,
    followers: null,
    profileUrl: null,
    proxyCountry: null,
    proxyIp: null,
    proxyPort: null,
    proxyUsername: null,
    proxyZoneName: null,
    hasProxyPassword: false,
    hasTwoFaSecret: false,
    twoFaRecoveryCodeCount: 0,
    twoFaStatus: null,
    verificationType: null,
    notes: null,
    createdAt: "2026-01-15T09:30:00.000Z",
    lastSyncedAt: "2026-01-15T09:30:00.000Z",
    openRequest: null,
    ...fields,
  };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch: the create call answers `create(body)`; every call is recorded. */
function stubApi(create: (body: unknown) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ method, url, body });
    if (url === "/api/replacement-requests" && method === "POST") return create(body);
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  return calls;
}

function renderRequest(
  shown: LinkedinAccount,
  options: { always?: boolean; size?: "compact" | "full" } = {},
) {
  const queryClient = createQueryClient();
  // The accounts list the row came from: a report must make it load again.
  queryClient.setQueryData(["/api/accounts/linkedin/user", UID], [shown]);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <button type="button">before</button>
        <AccountRequest account={shown} {...options} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const dialog = () => screen.getByRole("alertdialog", { name: "Report a problem" });
const created = { id: 5 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("reporting a problem with an account", () => {
  it("sends the kind the status suggests, the wish and the note, then toasts and reloads the accounts", async () => {
    const calls = stubApi(() => Response.json(created, { status: 201 }));
    const queryClient = renderRequest(account({}), { size: "compact" });

    const open = screen.getByRole("button", { name: "Report a problem with Bruno Brandt" });
    expect(open.textContent).toBe("Report");
    fireEvent.click(open);
    const form = await screen.findByRole("alertdialog", { name: "Report a problem" });
    expect(within(form).getByRole("radio", { name: "Wrong password" })).toHaveProperty("checked", true);
    expect(within(form).getByRole("radio", { name: "A replacement account" })).toHaveProperty(
      "checked",
      true,
    );
    fireEvent.click(within(form).getByRole("radio", { name: "A fix for this account" }));
    fireEvent.change(within(form).getByLabelText("Note (optional)"), {
      target: { value: "  It asks for a code too.  " },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Send report" }));

    await screen.findByText("Problem reported");
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      {
        method: "POST",
        url: "/api/replacement-requests",
        body: { accountId: 31, kind: "wrong_password", wish: "fix", note: "It asks for a code too." },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(queryClient.getQueryState(["/api/accounts/linkedin/user", UID])?.isInvalidated).toBe(true);
  });

  it("preselects restricted for an account that asks for ID", async () => {
    stubApi(() => Response.json(created, { status: 201 }));
    renderRequest(account({ status: "Restricted - Submit ID" }));
    fireEvent.click(screen.getByRole("button", { name: "Report a problem with Bruno Brandt" }));
    await screen.findByRole("alertdialog", { name: "Report a problem" });
    expect(within(dialog()).getByRole("radio", { name: "Restricted or asks for ID" })).toHaveProperty(
      "checked",
      true,
    );
  });

  it("asks for a note, and sends nothing, when the status does not say what is wrong", async () => {
    const calls = stubApi(() => Response.json(created, { status: 201 }));
    renderRequest(account({ status: "Signed In" }), { always: true });

    fireEvent.click(screen.getByRole("button", { name: "Report a problem with Bruno Brandt" }));
    await screen.findByRole("alertdialog", { name: "Report a problem" });
    const form = dialog();
    expect(within(form).getByRole("radio", { name: "Other" })).toHaveProperty("checked", true);
    const note = within(form).getByLabelText("Note") as HTMLTextAreaElement;
    expect(note.maxLength).toBe(REQUEST_NOTE_MAX);
    fireEvent.change(note, { target: { value: "   " } });
    fireEvent.click(within(form).getByRole("button", { name: "Send report" }));

    expect(await within(form).findByText("Tell us what is wrong with this account")).toBeTruthy();
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(note);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog, which stays open, and reloads the accounts on a 409", async () => {
    stubApi(() => Response.json({ error: "This account already has an open request" }, { status: 409 }));
    const queryClient = renderRequest(account({}));
    fireEvent.click(screen.getByRole("button", { name: "Report a problem with Bruno Brandt" }));
    await screen.findByRole("alertdialog", { name: "Report a problem" });
    fireEvent.click(within(dialog()).getByRole("button", { name: "Send report" }));

    const alert = await within(dialog()).findByRole("alert");
    expect(alert.textContent).toBe("This account already has an open request");
    expect(dialog()).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(["/api/accounts/linkedin/user", UID])?.isInvalidated).toBe(true),
    );
  });

  it("puts a 400 about the note under the note", async () => {
    stubApi(() => Response.json({ error: "note must not contain control characters" }, { status: 400 }));
    renderRequest(account({}));
    fireEvent.click(screen.getByRole("button", { name: "Report a problem with Bruno Brandt" }));
    await screen.findByRole("alertdialog", { name: "Report a problem" });
    fireEvent.change(within(dialog()).getByLabelText("Note (optional)"), { target: { value: "x" } });
    fireEvent.click(within(dialog()).getByRole("button", { name: "Send report" }));
    expect(await within(dialog()).findByText("note must not contain control characters")).toBeTruthy();
    expect(within(dialog()).queryByRole("alert")).toBeNull();
  });

  it("shows an open request instead of the report, as a link to the open requests", () => {
    stubApi(() => Response.json(created, { status: 201 }));
    renderRequest(account({ openRequest: { id: 9, status: "in_progress", wish: "replacement" } }), {
      always: true,
    });
    const link = screen.getByRole("link", { name: /^Replacement in progress/ });
    expect(link.getAttribute("href")).toBe("/accounts/requests?status=open");
    expect(screen.queryByRole("button", { name: /Report a problem/ })).toBeNull();
  });

  it("offers no report in the row for a status that says nothing is wrong", () => {
    stubApi(() => Response.json(created, { status: 201 }));
    renderRequest(account({ status: "Signed In" }));
    expect(screen.queryByRole("button", { name: /Report a problem/ })).toBeNull();
  });
});
