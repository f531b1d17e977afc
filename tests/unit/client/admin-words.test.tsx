// @vitest-environment jsdom
/**
 * The operator console's words from the catalogue: the tables of messages (audit kinds, account
 * statuses, payment kinds, job kinds, the customers list's filters) and the plurals read as they did
 * before the catalogues (decision 052).
 */
import type { MessageDescriptor } from "@lingui/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_STATUS_WORDS,
  AUDIT_KIND_WORDS,
  PAYMENT_KIND_WORDS,
} from "../../../src/client/features/admin/components/admin-words";
import { AccountsByStatusText } from "../../../src/client/features/admin/components/customer-badges";
import { jobKindLabel, jobStateLabel } from "../../../src/client/features/admin/components/outbox-format";
import { OutboxJobCard } from "../../../src/client/features/admin/components/outbox-job-card";
import { CustomerPage } from "../../../src/client/features/admin/pages/customer-page";
import { CustomersPage } from "../../../src/client/features/admin/pages/customers-page";
import { i18n } from "../../../src/client/lib/i18n/i18n";
import { createQueryClient } from "../../../src/client/lib/query-client";
import type { CustomerDetail, CustomerRow } from "../../../src/shared/api/admin-customers";
import type { FailingJob } from "../../../src/shared/api/outbox";
import { AUDIT_EVENT_KINDS } from "../../../src/shared/audit/audit-kinds";
import { PAYMENT_KIND_LABELS } from "../../../src/shared/billing/payment-kinds";
import { ACCOUNT_STATUS_LABELS } from "../../../src/shared/linkedin-account-rules";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A table of messages in English, as the page speaks it. */
const english = (words: Record<string, MessageDescriptor>) =>
  Object.fromEntries(Object.entries(words).map(([key, descriptor]) => [key, i18n._(descriptor)]));

describe("the console's tables of words", () => {
  it("say in English what the shared tables say, kind for kind", () => {
    expect(english(AUDIT_KIND_WORDS)).toEqual(AUDIT_EVENT_KINDS);
    expect(english(ACCOUNT_STATUS_WORDS)).toEqual(ACCOUNT_STATUS_LABELS);
    expect(english(PAYMENT_KIND_WORDS)).toEqual(PAYMENT_KIND_LABELS);
  });
});

describe("the outbox's words", () => {
  it("names the kinds it knows, keeps the code of one it does not, and says where a job stands", () => {
    expect(jobKindLabel("mail")).toBe("Mail");
    expect(jobKindLabel("mail-request")).toBe("Mail with a one-time link");
    expect(jobKindLabel("airtable-write-back")).toBe("Write-back to the operator's base");
    expect(jobKindLabel("fax")).toBe("fax");
    expect(jobKindLabel("toString")).toBe("toString");
    expect(jobStateLabel({ state: "dead" })).toBe("Gave up");
    expect(jobStateLabel({ state: "retrying" })).toBe("Retrying");
  });

  it("names the job in Retry now's accessible name", () => {
    const job: FailingJob = {
      id: 12,
      kind: "mail",
      state: "dead",
      attempts: 5,
      lastError: null,
      nextAttemptAt: null,
      createdAt: "2026-03-01T10:00:00.000Z",
    };
    render(
      <ul>
        <OutboxJobCard job={job} retrying={false} onRetry={() => undefined} />
      </ul>,
    );
    expect(screen.getByRole("button", { name: "Retry now: Mail, job 12" })).toBeTruthy();
    expect(screen.getByText(/^Queued/).textContent).toMatch(/^Queued \S/);
    expect(screen.getByText("Only on Retry now")).toBeTruthy();
    expect(screen.getByText("None recorded")).toBeTruthy();
  });
});

describe("a customer's accounts by status", () => {
  it("counts them, one or many, and each status that has any", () => {
    render(
      <AccountsByStatusText
        accounts={{ total: 5, signedIn: 1, notSignedIn: 2, wrongPassword: 1, restricted: 1 }}
      />,
    );
    expect(screen.getByText("5 accounts")).toBeTruthy();
    expect(screen.getByText("1 signed in, 2 not signed in, 1 wrong password, 1 restricted")).toBeTruthy();
    cleanup();
    render(
      <AccountsByStatusText
        accounts={{ total: 1, signedIn: 0, notSignedIn: 0, wrongPassword: 1, restricted: 0 }}
      />,
    );
    expect(screen.getByText("1 account")).toBeTruthy();
    expect(screen.getByText("1 wrong password")).toBeTruthy();
    cleanup();
    render(
      <AccountsByStatusText
        accounts={{ total: 0, signedIn: 0, notSignedIn: 0, wrongPassword: 0, restricted: 0 }}
      />,
    );
    expect(screen.getByText("No accounts")).toBeTruthy();
  });
});

describe("the customers list", () => {
  const row: CustomerRow = {
    uid: "c0ffee00-1111-4222-8333-944445555666",
    name: "Vera Viewed",
    email: "vera@example.test",
    role: "customer",
    closedAt: null,
    hasLogin: true,
    google: false,
    twoFactor: false,
    linkedToBase: true,
    accounts: { total: 0, signedIn: 0, notSignedIn: 0, wrongPassword: 0, restricted: 0 },
    lastSignInAt: null,
    totalPaid: [],
    failedPayments: false,
  };

  function renderList(customers: CustomerRow[], total: number) {
    vi.stubGlobal("fetch", async () => Response.json({ customers, total, nextCursor: null }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={["/admin/customers"]}>
          <CustomersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it("words its filters from their table, and counts one customer", async () => {
    renderList([row], 1);
    expect(await screen.findByText("1 customer")).toBeTruthy();
    const login = screen.getByLabelText("Portal login") as HTMLSelectElement;
    expect([...login.options].map((option) => option.text)).toEqual(["Any", "Has a login", "No login"]);
    const google = screen.getByLabelText("Google") as HTMLSelectElement;
    expect([...google.options].map((option) => option.text)).toEqual([
      "Any",
      "Google linked",
      "Google not linked",
    ]);
    expect(screen.getByText("Never")).toBeTruthy();
  });

  it("counts many, and says how many of them it shows", async () => {
    renderList([row], 3);
    expect(await screen.findByText("Showing 1 of 3 customers")).toBeTruthy();
    cleanup();
    renderList([row, { ...row, uid: "other", name: "Otto Other" }], 2);
    expect(await screen.findByText("2 customers")).toBeTruthy();
  });
});

describe("a customer's page", () => {
  const uid = "c0ffee00-1111-4222-8333-944445555666";
  const at = "2026-03-01T10:00:00.000Z";
  const detail: CustomerDetail = {
    profile: {
      uid,
      name: "Vera Viewed",
      email: "vera@example.test",
      username: null,
      role: "customer",
      createdAt: at,
      emailVerifiedAt: null,
      closedAt: null,
      linkedToBase: true,
      lastSyncedAt: null,
      lastSignInAt: null,
      totalPaid: [],
      failedPayments: false,
      accounts: { total: 1, signedIn: 0, notSignedIn: 0, wrongPassword: 1, restricted: 0 },
    },
    signInMethods: { password: true, authenticator: false, passkeys: 0, google: false },
    sessions: {
      items: [{ id: 1, device: "Firefox on Linux", ipAddress: null, signedInAt: at, lastSeenAt: at }],
      total: 1,
    },
    linkedinAccounts: {
      items: [
        {
          id: 5,
          accountType: "Sales",
          firstName: null,
          lastName: null,
          linkedinEmail: null,
          status: "Wrong password!",
          isPremium: true,
          isVerified: false,
          twoFaStatus: null,
          proxyCountry: "DE",
          lastSyncedAt: at,
        },
      ],
      total: 3,
    },
    orders: {
      items: [
        { id: 9, status: "paid", summary: "", totalCents: 1000, currency: "EUR", createdAt: at, paidAt: at },
      ],
      total: 1,
    },
    plans: {
      items: [
        {
          id: 2,
          product: "LinkedIn Plus",
          quantity: 1,
          amountCents: 1000,
          currency: "EUR",
          status: "past_due",
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
        },
      ],
      total: 1,
    },
    transactions: {
      items: [
        {
          id: 4,
          source: "stripe",
          eventType: null,
          product: null,
          amountCents: 1000,
          currency: "EUR",
          occurredAt: at,
        },
      ],
      total: 1,
    },
    optimizationRequests: {
      items: [
        {
          id: 6,
          formName: null,
          companyName: null,
          status: "in_progress",
          profilesToOptimize: 1,
          submittedAt: null,
        },
      ],
      total: 1,
    },
    syncRuns: {
      items: [
        {
          id: 8,
          kind: "user",
          trigger: "admin",
          status: "succeeded",
          startedAt: at,
          finishedAt: at,
          synced: 4,
          errors: 1,
          message: null,
        },
      ],
      total: 1,
    },
    audit: {
      items: [
        {
          id: 3,
          at,
          kind: "sessions-ended",
          actor: null,
          subject: { uid, name: "Vera Viewed" },
          detail: null,
          target: null,
          ipAddress: null,
        },
      ],
      moreAt: `/admin/audit?customer=${uid}`,
    },
  };

  it("words every section as before", async () => {
    vi.stubGlobal("fetch", async () => Response.json(detail));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[`/admin/customers/${uid}`]}>
          <Routes>
            <Route path="/admin/customers/:uid" element={<CustomerPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const section = async (name: string) => (await screen.findByRole("region", { name })).textContent;
    expect(await section("Profile")).toContain("Linked, last synced never");
    expect(await section("Sign-in methods")).toContain("PasswordOn");
    expect(await section("Sessions")).toContain("Unknown address · signed in ");
    const accounts = await section("LinkedIn accounts");
    expect(accounts).toContain("The newest 1 of 3");
    expect(accounts).toContain("Sales · proxy DE · premium");
    expect(accounts).toContain("Wrong Password");
    expect(await section("Orders")).toContain("Order 9");
    expect(await section("Orders")).toContain("paid");
    expect(await section("Plans")).toContain("No period");
    expect(await section("Plans")).toContain("/ monthpast due");
    expect(await section("Transactions")).toContain("no event type · from stripe");
    expect(await section("Optimization requests")).toContain("Request 6");
    expect(await section("Optimization requests")).toContain("1 profiles");
    const runs = await section("Sync history");
    expect(runs).toContain("· succeeded");
    expect(runs).toContain("4 synced, 1 error · started by admin");
    expect(await section("Audit trail")).toContain("Sessions ended");
    expect(await section("Audit trail")).toContain("by the portal");
    expect(screen.getByRole("button", { name: "End all sessions" })).toBeTruthy();
  });
});
