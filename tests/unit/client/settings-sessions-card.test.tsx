// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionsCard } from "../../../src/client/features/settings/components/sessions-card";
import { i18n } from "../../../src/client/lib/i18n/i18n";
import { createQueryClient } from "../../../src/client/lib/query-client";
import type { SessionInfo } from "../../../src/shared/api/auth";
import type { SupportView } from "../../../src/shared/api/view-as";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

function session(id: number, current: boolean): SessionInfo {
  return {
    id,
    createdAt: "2026-11-20T09:00:00.000Z",
    lastSeenAt: "2026-11-28T09:00:00.000Z",
    userAgent: CHROME,
    ipAddress: current ? "203.0.113.7" : null,
    current,
    provenBy: current ? "password+totp" : "passkey",
  };
}

/** A view that started at 09:00 and lasted `minutes` (null: still going on, or its end unknown). */
function view(day: number, minutes: number | null, ongoing = false): SupportView {
  const startedAt = new Date(Date.UTC(2026, 10, day, 9, 0));
  return {
    startedAt: startedAt.toISOString(),
    endedAt: minutes === null ? null : new Date(startedAt.getTime() + minutes * 60_000).toISOString(),
    ongoing,
  };
}

const VIEWS = [
  view(27, null, true),
  view(26, null),
  view(25, 0.4),
  view(24, 1),
  view(23, 5),
  view(22, 60),
  view(21, 61),
  view(20, 125),
];

function renderCard(sessions: SessionInfo[]) {
  vi.stubGlobal("fetch", async (url: string) => {
    if (url === "/api/user/sessions") return Response.json(sessions);
    if (url === "/api/me/support-views") return Response.json({ views: VIEWS });
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionsCard />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  i18n.activate("en");
});

describe("SessionsCard", () => {
  it("counts the other sessions in words that agree with the number", async () => {
    renderCard([session(1, true), session(2, false)]);
    expect(await screen.findByText("1 other session signed in.")).toBeTruthy();
    cleanup();
    renderCard([session(1, true), session(2, false), session(3, false)]);
    expect(await screen.findByText("2 other sessions signed in.")).toBeTruthy();
    const rows = within(screen.getByRole("list", { name: "Sessions" })).getAllByRole("listitem");
    expect(rows[0]?.textContent).toContain("Chrome on Windows");
    expect(rows[0]?.textContent).toContain("IP 203.0.113.7 · Last active");
    expect(rows[0]?.textContent).toContain("Proven by: Password and authenticator code");
    expect(rows[1]?.textContent).toContain("Proven by: Passkey");
  });

  it("says how long each support view lasted, in minutes and hours", async () => {
    renderCard([session(1, true)]);
    expect(await screen.findByText("No other device is signed in.")).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Viewed by support" });
    const lines = within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent ?? "");
    expect(lines[0]).toMatch(/^The support team is viewing your account now, since .+\.$/);
    expect(lines[1]).toMatch(/^The support team viewed your account on .+\.$/);
    expect(lines.slice(2).map((line) => /\(([^)]*)\)\.$/.exec(line)?.[1])).toEqual([
      "less than a minute",
      "1 minute",
      "5 minutes",
      "1 hour",
      "1 hour 1 minute",
      "2 hours 5 minutes",
    ]);
  });

  it("speaks German with German plurals", async () => {
    // The German messages these lines need, as the German catalogue words them.
    i18n.load("de", {
      "settings.sessions.others":
        "{others, plural, one {# weitere Sitzung angemeldet.} other {# weitere Sitzungen angemeldet.}}",
      "settings.support-views.title": "Vom Support angesehen",
      "settings.support-views.under-a-minute": "weniger als eine Minute",
      "settings.support-views.minutes": "{minutes, plural, one {# Minute} other {# Minuten}}",
      "settings.support-views.hours": "{hours, plural, one {# Stunde} other {# Stunden}}",
      "settings.support-views.hours-minutes":
        "{hours, plural, one {# Stunde} other {# Stunden}} {minutes, plural, one {# Minute} other {# Minuten}}",
      "settings.support-views.viewed-for":
        "Das Support-Team hat Ihr Konto am <0>{startedAt}</0> angesehen ({duration}).",
    });
    i18n.activate("de");
    renderCard([session(1, true), session(2, false), session(3, false)]);
    expect(await screen.findByText("2 weitere Sitzungen angemeldet.")).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Vom Support angesehen" });
    const durations = within(list)
      .getAllByRole("listitem")
      .slice(2)
      .map((item) => /\(([^)]*)\)\.$/.exec(item.textContent ?? "")?.[1]);
    expect(durations).toEqual([
      "weniger als eine Minute",
      "1 Minute",
      "5 Minuten",
      "1 Stunde",
      "1 Stunde 1 Minute",
      "2 Stunden 5 Minuten",
    ]);
  });
});
