// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../src/client/components/ui/toaster";
import { NotificationBell } from "../../../src/client/features/notifications/components/notification-bell";
import { createQueryClient } from "../../../src/client/lib/query-client";
import type { Notification } from "../../../src/shared/api/notifications";

const entry = (id: number, read: boolean): Notification => ({
  id,
  kind: "payment_failed",
  detail: { amount: 9800 + id, currency: "USD", product: null },
  link: "/billing/transactions",
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  read,
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A server with `unread` unread entries out of twelve; marking read answers `markAnswer`, or the new count. */
function stubApi(unread: number, markAnswer?: Response): Call[] {
  const calls: Call[] = [];
  let count = unread;
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ method, url, body });
    if (url === "/api/notifications/unread-count") return Response.json({ unreadCount: count });
    if (url.startsWith("/api/notifications?")) {
      const notifications = Array.from({ length: 8 }, (_, i) => entry(i + 1, i >= count));
      return Response.json({ notifications, unreadCount: count, nextCursor: "8" });
    }
    if (url === "/api/notifications/read" && method === "POST") {
      if (markAnswer) return markAnswer;
      count = 0;
      return Response.json({ unreadCount: 0 });
    }
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  return calls;
}

function renderBell() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("NotificationBell", () => {
  it("names the count and shows 9+ over nine", async () => {
    stubApi(12);
    renderBell();
    const bell = await screen.findByRole("button", { name: "Notifications, 12 unread" });
    expect(within(bell).getByText("9+")).toBeTruthy();
  });

  it("shows no badge when nothing is unread", async () => {
    const calls = stubApi(0);
    renderBell();
    await waitFor(() => expect(calls.some((c) => c.url === "/api/notifications/unread-count")).toBe(true));
    const bell = await screen.findByRole("button", { name: "Notifications" });
    expect(bell.textContent).toBe("");
  });

  it("opens the newest entries and marks them all read, the count following", async () => {
    const calls = stubApi(3);
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 3 unread" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    const list = await within(panel).findByRole("list", { name: "Newest notifications" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(8);
    expect(within(list).getAllByText("Unread:")).toHaveLength(3);
    expect(within(panel).getByRole("link", { name: "See all" }).getAttribute("href")).toBe("/notifications");

    fireEvent.click(within(panel).getByRole("button", { name: "Mark all read" }));
    await screen.findByRole("button", { name: "Notifications" });
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ all: true });
    await waitFor(() => expect(within(list).queryAllByText("Unread:")).toHaveLength(0));
  });

  it("says so when marking read fails, and keeps the count", async () => {
    stubApi(2, Response.json({ error: "Read only while viewing as a customer" }, { status: 403 }));
    renderBell();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    await within(panel).findByRole("list", { name: "Newest notifications" });
    fireEvent.click(within(panel).getByRole("button", { name: "Mark all read" }));
    expect(await screen.findByText("Could not mark as read")).toBeTruthy();
    expect(screen.getByText("Read only while viewing as a customer")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
  });
});
