// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../src/client/components/ui/toaster";
import { importStatusQueryOptions } from "../../../src/client/features/sync/api/get-import-status";
import { AdminSyncPage } from "../../../src/client/features/sync/pages/admin-sync-page";
import { createQueryClient } from "../../../src/client/lib/query-client";
import type { ImportStatus, SyncErrorDetail, SyncResults, SyncRun } from "../../../src/shared/api/sync";

const finishedRun: SyncRun = {
  id: 7,
  kind: "full",
  trigger: "admin",
  startedBy: "Ada Admin",
  source: "csv",
  status: "succeeded",
  message: null,
  startedAt: "2026-03-01T10:00:00.000Z",
  finishedAt: "2026-03-01T10:00:12.000Z",
  processed: 212,
  synced: 210,
  errors: 2,
};

const lastErrorDetails: SyncErrorDetail[] = [
  { table: "Users", recordId: "rec000000000001", message: "Email is missing" },
  { table: "LinkedIn Accounts", recordId: null, message: "Unknown account type 'gold'" },
];

function importStatus(overrides: Partial<ImportStatus> = {}): ImportStatus {
  return {
    importCompleted: true,
    message: "Import complete: 72 users in the database",
    database: {
      totalUsers: 72,
      usersWithUid: 70,
      successRate: 97,
      linkedinAccounts: 118,
      profileOptimizations: 23,
      transactions: 341,
      pendingWriteBacks: 1,
      lastWriteBackError: "The base refused the change: rate limited",
    },
    source: { kind: "csv", description: "demo-data" },
    currentRun: null,
    recentRuns: [finishedRun],
    lastErrorDetails,
    nextScheduledRunAt: null,
    scheduleIntervalMinutes: 0,
    ...overrides,
  };
}

function runningRun(processed: number, synced: number): SyncRun {
  return {
    ...finishedRun,
    id: 8,
    status: "running",
    startedAt: "2026-03-01T11:00:00.000Z",
    finishedAt: null,
    processed,
    synced,
    errors: 0,
  };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch: the import status answers `status()`, the sync answers `sync()`; every call is recorded. */
function stubApi(handlers: {
  status: () => Response | Promise<Response>;
  sync?: (body: unknown) => Response | Promise<Response>;
}): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ method, url, body });
    if (url === "/api/admin/import-status" && method === "GET") return handlers.status();
    if (url === "/api/admin/sync-users" && method === "POST" && handlers.sync) return handlers.sync(body);
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  return calls;
}

function renderPage() {
  const queryClient = createQueryClient();
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AdminSyncPage />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return queryClient;
}

const region = (name: string) => screen.getByRole("region", { name });
/** The value of a <dt>/<dd> pair in a region. */
const shownFor = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
const toastRegion = () => screen.getByRole("region", { name: /^Notifications/ });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the admin sync page", () => {
  it("refreshes the import status every 5 seconds", () => {
    expect(importStatusQueryOptions.refetchInterval).toBe(5000);
  });

  it("shows the database status, the source, the schedule and the recent runs", async () => {
    stubApi({ status: () => Response.json(importStatus()) });
    renderPage();

    expect(screen.getByRole("heading", { level: 1, name: "Admin Sync" })).toBeTruthy();
    expect(screen.getByText(/about 70 customers/)).toBeTruthy();
    const status = await screen.findByRole("region", { name: "Database status" });

    expect(shownFor(status, "Total users")).toBe("72");
    expect(shownFor(status, "Linked to the base")).toBe("7097% of users");
    expect(shownFor(status, "LinkedIn accounts")).toBe("118");
    expect(shownFor(status, "Profile optimizations")).toBe("23");
    expect(shownFor(status, "Transactions")).toBe("341");
    expect(shownFor(status, "Source")).toBe("CSV folder · demo-data");
    expect(shownFor(status, "Import completed")).toBe("Yes");
    expect(shownFor(status, "Next scheduled run")).toBe("Schedule off");
    expect(within(status).queryByText("Interval", { selector: "dt" })).toBeNull();
    expect(shownFor(status, "Pending write-backs")).toMatch(/^1 settings change waiting/);
    expect(shownFor(status, "Last write-back error")).toBe("The base refused the change: rate limited");
    expect(within(status).getByText("Import complete: 72 users in the database")).toBeTruthy();

    // No run is current: both buttons can be used and no progress shows.
    expect(screen.getByRole("button", { name: "Start User Sync" }).getAttribute("aria-disabled")).toBeNull();
    expect(
      screen.getByRole("button", { name: "Sync changes only" }).getAttribute("aria-disabled"),
    ).toBeNull();
    expect(screen.queryByText(/^Syncing…/)).toBeNull();

    const runs = within(region("Recent runs")).getByRole("table");
    const rows = within(runs).getAllByRole("row");
    expect(rows).toHaveLength(2);
    const cells = within(rows[1] as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(["Full", "Admin", "Ada Admin", "Succeeded", "12 s", "212", "210", "2"]);
    // Times are the browser's local time.
    expect(cells[0]).toBe(
      new Date(finishedRun.startedAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
    );
  });

  it("shows the schedule's next run in local time and its interval", async () => {
    const next = "2026-03-01T12:00:00.000Z";
    stubApi({
      status: () => Response.json(importStatus({ nextScheduledRunAt: next, scheduleIntervalMinutes: 30 })),
    });
    renderPage();
    const status = await screen.findByRole("region", { name: "Database status" });
    expect(shownFor(status, "Next scheduled run")).toBe(
      new Date(next).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
    );
    expect(shownFor(status, "Interval")).toBe("Every 30 minutes");
  });

  it.each([
    [{ kind: "airtable", description: "appAbCdEf12345678" }, "Airtable · appAbCdEf12345678"],
    [{ kind: "csv", description: "demo-data" }, "CSV folder · demo-data"],
  ] as const)("names the source %o as %s", async (source, shown) => {
    stubApi({ status: () => Response.json(importStatus({ source })) });
    renderPage();
    const status = await screen.findByRole("region", { name: "Database status" });
    expect(shownFor(status, "Source")).toBe(shown);
  });

  it("shows the latest finished run's results and error details", async () => {
    stubApi({ status: () => Response.json(importStatus()) });
    renderPage();
    const results = await screen.findByRole("region", { name: "Results" });
    expect(within(results).getByText(/The latest finished run/)).toBeTruthy();
    expect(shownFor(results, "Processed")).toBe("212");
    expect(shownFor(results, "Synced")).toBe("210");
    expect(shownFor(results, "Errors")).toBe("2");
    expect(within(results).getByText("Sync succeeded")).toBeTruthy();

    const details = within(results).getByRole("table", { name: "Error details" });
    const rows = within(details)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ["Users", "rec000000000001", "Email is missing"],
      ["LinkedIn Accounts", "—", "Unknown account type 'gold'"],
    ]);
    expect(within(region("Next steps")).getByText(/Fix the records listed under errors/)).toBeTruthy();
  });

  it("shows the base's latest run as results, not a customer's own newer run", async () => {
    const customerRun: SyncRun = {
      ...finishedRun,
      id: 9,
      kind: "user",
      trigger: "customer",
      startedBy: "Casey Customer",
      startedAt: "2026-03-01T10:30:00.000Z",
      finishedAt: "2026-03-01T10:30:01.000Z",
      processed: 4,
      synced: 4,
      errors: 0,
    };
    stubApi({ status: () => Response.json(importStatus({ recentRuns: [customerRun, finishedRun] })) });
    renderPage();
    const results = await screen.findByRole("region", { name: "Results" });
    expect(shownFor(results, "Processed")).toBe("212");
    expect(within(results).getByRole("table", { name: "Error details" })).toBeTruthy();
    expect(within(region("Recent runs")).getAllByRole("row")).toHaveLength(3);
    expect(within(region("Recent runs")).getByText("One customer")).toBeTruthy();
  });

  it("caps a long error list at 50 rows and shows the rest on request", async () => {
    const many = Array.from({ length: 130 }, (_, i) => ({
      table: "Users",
      recordId: `rec${String(i).padStart(12, "0")}`,
      message: `Problem ${i}`,
    }));
    stubApi({
      status: () =>
        Response.json(
          importStatus({ lastErrorDetails: many, recentRuns: [{ ...finishedRun, errors: 130 }] }),
        ),
    });
    renderPage();
    const details = await screen.findByRole("table", { name: "Error details" });
    expect(within(details).getAllByRole("row")).toHaveLength(51);
    expect(screen.getByText("and 80 more")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Show all 130" }));
    expect(within(details).getAllByRole("row")).toHaveLength(131);
    expect(screen.queryByText("and 80 more")).toBeNull();
  });

  it("shows the live counts of a current run and disables both buttons", async () => {
    stubApi({ status: () => Response.json(importStatus({ currentRun: runningRun(40, 38) })) });
    renderPage();
    const progress = await screen.findByText("Syncing… 40 records processed, 38 synced");
    // It sits in a live region, so screen readers hear it.
    const live = progress.closest('[role="status"]');
    expect(live?.getAttribute("aria-live")).toBe("polite");
    expect(within(live as HTMLElement).getByText(/Full sync, started by Ada Admin at/)).toBeTruthy();

    const start = screen.getByRole("button", { name: "Start User Sync" });
    const changes = screen.getByRole("button", { name: "Sync changes only" });
    expect(start.getAttribute("aria-disabled")).toBe("true");
    expect(changes.getAttribute("aria-disabled")).toBe("true");
  });

  it("starts a full run, shows its progress, then its results and the Sync Completed toast", async () => {
    let current: SyncRun | null = null;
    const answer = deferred<Response>();
    const results: SyncResults = {
      success: true,
      message: "Successfully synced 72 users",
      results: {
        processed: 215,
        synced: 214,
        errors: 1,
        errorDetails: [{ table: "Transactions", recordId: "recTX", message: "Amount is not a number" }],
      },
      run: {
        ...runningRun(215, 214),
        status: "succeeded",
        errors: 1,
        finishedAt: "2026-03-01T11:00:09.000Z",
      },
    };
    const calls = stubApi({
      status: () =>
        Response.json(
          importStatus({ currentRun: current, recentRuns: current ? [current, finishedRun] : [finishedRun] }),
        ),
      sync: () => answer.promise,
    });
    const queryClient = renderPage();
    const start = await screen.findByRole("button", { name: "Start User Sync" });

    fireEvent.click(start);
    expect(await screen.findByText("Syncing… starting the run")).toBeTruthy();
    expect(start.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("button", { name: "Sync changes only" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    const post = calls.find((call) => call.method === "POST");
    expect(post).toEqual({ method: "POST", url: "/api/admin/sync-users", body: {} });

    // The server reports the run's counts while it runs.
    current = runningRun(120, 118);
    await queryClient.invalidateQueries({ queryKey: importStatusQueryOptions.queryKey });
    expect(await screen.findByText("Syncing… 120 records processed, 118 synced")).toBeTruthy();
    // A click while it runs starts nothing.
    fireEvent.click(start);
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);

    current = null;
    const statusReadsBefore = calls.filter((call) => call.method === "GET").length;
    answer.resolve(Response.json(results));

    const toast = toastRegion();
    await waitFor(() => expect(within(toast).getByText("Sync Completed")).toBeTruthy());
    expect(within(toast).getByText("Successfully synced 72 users")).toBeTruthy();

    const resultsCard = await screen.findByRole("region", { name: "Results" });
    expect(within(resultsCard).getByText(/The run you started/)).toBeTruthy();
    expect(shownFor(resultsCard, "Processed")).toBe("215");
    expect(shownFor(resultsCard, "Synced")).toBe("214");
    expect(shownFor(resultsCard, "Errors")).toBe("1");
    expect(within(resultsCard).getByText("Successfully synced 72 users")).toBeTruthy();
    expect(within(resultsCard).getByRole("cell", { name: "Amount is not a number" })).toBeTruthy();

    // The status is read again once the run has finished, and the buttons are free again.
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "GET").length).toBeGreaterThan(statusReadsBefore),
    );
    await waitFor(() => expect(start.getAttribute("aria-disabled")).toBeNull());
    expect(screen.queryByText(/^Syncing…/)).toBeNull();
  });

  it("shows the run it started in the results without waiting for the status to be read again", async () => {
    const answer = deferred<Response>();
    const slowStatus = deferred<Response>();
    let finished = false;
    stubApi({
      // Once the run has finished, the status read it asks for does not answer while the toast shows.
      status: () =>
        finished ? slowStatus.promise : Response.json(importStatus({ recentRuns: [finishedRun] })),
      sync: () => answer.promise,
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Start User Sync" }));
    await screen.findByText(/^Syncing…/);

    finished = true;
    answer.resolve(
      Response.json({
        success: true,
        message: "Successfully synced 72 users",
        results: { processed: 72, synced: 72, errors: 0, errorDetails: [] },
        run: { ...runningRun(72, 72), status: "succeeded", finishedAt: "2026-03-01T11:00:09.000Z" },
      } satisfies SyncResults),
    );
    await waitFor(() => expect(within(toastRegion()).getByText("Sync Completed")).toBeTruthy());
    await waitFor(() => expect(within(region("Results")).getByText(/The run you started/)).toBeTruthy());
    expect(shownFor(region("Results"), "Processed")).toBe("72");
    slowStatus.resolve(Response.json(importStatus({ recentRuns: [finishedRun] })));
  });

  it("still says Sync Completed when the admin has left the page during the run", async () => {
    const answer = deferred<Response>();
    stubApi({ status: () => Response.json(importStatus()), sync: () => answer.promise });
    const queryClient = createQueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <AdminSyncPage />
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Start User Sync" }));
    await screen.findByText("Syncing… starting the run");
    // Another page replaces this one; the toaster stays, as it does in the app.
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <p>Dashboard</p>
        <Toaster />
      </QueryClientProvider>,
    );
    answer.resolve(
      Response.json({
        success: true,
        message: "326 of 326 records synced",
        results: { processed: 326, synced: 326, errors: 0, errorDetails: [] },
        run: { ...finishedRun, id: 10, processed: 326, synced: 326, errors: 0 },
      } satisfies SyncResults),
    );
    await waitFor(() => expect(within(toastRegion()).getByText("Sync Completed")).toBeTruthy());
  });

  it("asks for an incremental run with Sync changes only", async () => {
    const calls = stubApi({
      status: () => Response.json(importStatus()),
      sync: () =>
        Response.json({
          success: true,
          message: "Synced 3 changed records",
          results: { processed: 3, synced: 3, errors: 0, errorDetails: [] },
          run: { ...finishedRun, id: 9, kind: "incremental", processed: 3, synced: 3, errors: 0 },
        } satisfies SyncResults),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Sync changes only" }));
    await waitFor(() => expect(within(toastRegion()).getByText("Sync Completed")).toBeTruthy());
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ kind: "incremental" });
    const results = screen.getByRole("region", { name: "Results" });
    expect(shownFor(results, "Processed")).toBe("3");
    expect(within(results).queryByRole("table")).toBeNull();
  });

  it.each([
    [409, "A full sync is already running"],
    [502, "The base could not be reached: connection refused"],
    [503, "The sync source is not configured"],
  ])("says Sync Failed with the server's message on a %i", async (code, error) => {
    stubApi({
      status: () => Response.json(importStatus()),
      sync: () => Response.json({ error }, { status: code }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Start User Sync" }));
    const toast = toastRegion();
    await waitFor(() => expect(within(toast).getByText("Sync Failed")).toBeTruthy());
    expect(within(toast).getByText(error)).toBeTruthy();
    expect(within(toast).queryByText(/^\d{3}:/)).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByRole("button", { name: "Start User Sync" }).getAttribute("aria-disabled"),
      ).toBeNull(),
    );
  });

  it("explains a status that cannot be loaded and retries on request", async () => {
    let fail = true;
    stubApi({
      status: () =>
        fail
          ? Response.json({ error: "Administrator access is required" }, { status: 403 })
          : Response.json(importStatus()),
    });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("The import status could not be loaded")).toBeTruthy();
    expect(within(alert).getByText("Administrator access is required")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start User Sync" })).toBeNull();

    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Database status" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a spinner while the status loads", async () => {
    const answer = deferred<Response>();
    stubApi({ status: () => answer.promise });
    renderPage();
    expect(screen.getByRole("status", { name: "Loading import status" })).toBeTruthy();
    answer.resolve(Response.json(importStatus()));
    expect(await screen.findByRole("region", { name: "Database status" })).toBeTruthy();
  });

  it("has nothing to show as results before any run", async () => {
    stubApi({
      status: () =>
        Response.json(importStatus({ importCompleted: false, recentRuns: [], lastErrorDetails: [] })),
    });
    renderPage();
    const status = await screen.findByRole("region", { name: "Database status" });
    expect(shownFor(status, "Import completed")).toBe("No");
    expect(screen.queryByRole("region", { name: "Results" })).toBeNull();
    expect(within(region("Recent runs")).getByText("No sync has run yet.")).toBeTruthy();
  });
});
