// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../src/client/components/ui/toaster";
import { ProfileCard } from "../../../src/client/features/settings/components/profile-card";
import { createQueryClient } from "../../../src/client/lib/query-client";
import { sessionState, setSessionUser, useSessionUser } from "../../../src/client/lib/session";
import type { WriteBackStatus } from "../../../src/shared/api/sync";
import type { UpdatedProfile } from "../../../src/shared/api/user";
import { currentUser } from "./support/current-user";

const user = currentUser();

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch: `PUT /api/user/{id}` answers `update(body)`, the session read answers the user; every call is recorded. */
function stubApi(update: (body: unknown) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ method, url, body });
    if (url === `/api/user/${user.id}` && method === "PUT") return update(body);
    if (url === "/api/user" && method === "GET") return Response.json(user);
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  return calls;
}

/** As the settings page does: the card shows the session user from the cache. */
function ProfileFromSession() {
  const { user: sessionUser } = useSessionUser();
  return sessionUser ? <ProfileCard key={sessionUser.id} user={sessionUser} /> : null;
}

function renderCard() {
  const queryClient = createQueryClient();
  setSessionUser(user);
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ProfileFromSession />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return queryClient;
}

const toastRegion = () => screen.getByRole("region", { name: /^Notifications/ });
/** The value of a <dt>/<dd> pair in view mode. */
const shownFor = (label: string) =>
  screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
const form = () => screen.getByRole("form", { name: "Edit profile" });

function startEditingAndRename(name: string) {
  fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
  const nameInput = within(form()).getByLabelText("Full name") as HTMLInputElement;
  expect(nameInput.value).toBe(user.name);
  fireEvent.change(nameInput, { target: { value: name } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the settings profile card", () => {
  it.each([
    ["synced", "Your profile has been updated successfully and synced to Airtable."],
    ["pending", "Your profile has been updated. It will be synced to Airtable shortly."],
    ["not-linked", "Your profile has been updated successfully."],
  ] as const)(
    "saves a new name and, when the base is %s, says so in the toast",
    async (status, description) => {
      const newName = `Casey ${status}`;
      const calls = stubApi(() =>
        Response.json({
          ...user,
          name: newName,
          airtableSync: status satisfies WriteBackStatus,
          emailChange: null,
        } satisfies UpdatedProfile),
      );
      renderCard();
      expect(shownFor("Full name")).toBe(user.name);

      startEditingAndRename(newName);
      // The toast store outlives a test: this test's message must not be showing yet.
      expect(within(toastRegion()).queryByText(description)).toBeNull();
      fireEvent.click(within(form()).getByRole("button", { name: "Save" }));

      await waitFor(() => expect(within(toastRegion()).getByText(description)).toBeTruthy());
      const toast = within(toastRegion()).getByText(description).closest("li") as HTMLElement;
      expect(within(toast).getByText("Settings Updated")).toBeTruthy();
      expect(toast.className).not.toContain("destructive");

      const puts = calls.filter((call) => call.method === "PUT");
      expect(puts).toEqual([
        {
          method: "PUT",
          url: `/api/user/${user.id}`,
          body: { email: user.email, name: newName, username: user.username },
        },
      ]);

      // Back in view mode, showing the saved name; the session cache holds it without the sync status.
      await waitFor(() => expect(screen.queryByRole("form", { name: "Edit profile" })).toBeNull());
      expect(shownFor("Full name")).toBe(newName);
      expect(screen.getByRole("button", { name: "Edit Profile" })).toBeTruthy();
      expect(sessionState().user).toEqual({ ...user, name: newName });
    },
  );

  it("says Update Failed, marks the username and stays in edit mode when the username is taken", async () => {
    const calls = stubApi(() =>
      Response.json({ error: "username: This username is already taken" }, { status: 409 }),
    );
    renderCard();

    startEditingAndRename("Casey Renamed");
    const username = within(form()).getByLabelText("Username") as HTMLInputElement;
    fireEvent.change(username, { target: { value: "taken" } });
    fireEvent.click(within(form()).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(within(toastRegion()).getByText("Update Failed")).toBeTruthy());
    const toast = within(toastRegion()).getByText("Update Failed").closest("li") as HTMLElement;
    expect(toast.className).toContain("destructive");
    // The toast shows the message without its field prefix.
    expect(within(toast).getByText("This username is already taken")).toBeTruthy();

    expect(calls.filter((call) => call.method === "PUT")).toEqual([
      {
        method: "PUT",
        url: `/api/user/${user.id}`,
        body: { email: user.email, name: "Casey Renamed", username: "taken" },
      },
    ]);

    // Still editing, with the typed values kept and the error on the username field.
    const stillEditing = form();
    expect(within(stillEditing).getByText("This username is already taken")).toBeTruthy();
    expect(username.getAttribute("aria-invalid")).toBe("true");
    const errorId = username.getAttribute("aria-describedby")?.split(" ")[0] ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe("This username is already taken");
    expect(username.value).toBe("taken");
    expect((within(stillEditing).getByLabelText("Full name") as HTMLInputElement).value).toBe(
      "Casey Renamed",
    );
    expect(within(stillEditing).getByRole("button", { name: "Save" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit Profile" })).toBeNull();
    // The session is unchanged.
    expect(sessionState().user).toEqual(user);
  });

  it("shows the server's refusal of an invisible character on the name field", async () => {
    stubApi(() =>
      Response.json(
        { error: "name: must not contain invisible or text-direction characters" },
        { status: 400 },
      ),
    );
    renderCard();
    startEditingAndRename("a\u200Bb");
    fireEvent.click(within(form()).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(within(toastRegion()).getByText("Update Failed")).toBeTruthy());
    const name = within(form()).getByLabelText("Full name") as HTMLInputElement;
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const errorId = name.getAttribute("aria-describedby")?.split(" ")[0] ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe(
      "must not contain invisible or text-direction characters",
    );
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it("says Validation Error without sending anything when the name is empty, and focuses it", async () => {
    const calls = stubApi(() => Response.json({ error: "unexpected" }, { status: 500 }));
    renderCard();
    startEditingAndRename("   ");
    fireEvent.click(within(form()).getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(within(toastRegion()).getByText("Email and name are required fields.")).toBeTruthy(),
    );
    const toast = within(toastRegion())
      .getByText("Email and name are required fields.")
      .closest("li") as HTMLElement;
    expect(within(toast).getByText("Validation Error")).toBeTruthy();
    const name = within(form()).getByLabelText("Full name") as HTMLInputElement;
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(within(form()).getByText("Full name is required")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);

    // Checked again as it changes: the message goes once the name is back.
    fireEvent.change(name, { target: { value: "Casey" } });
    await waitFor(() => expect(within(form()).queryByText("Full name is required")).toBeNull());
  });

  it("keeps the old email after asking for a new one, and says where the link went", async () => {
    const message = "We sent a link to casey.new@example.test. Your email changes once you follow it.";
    stubApi(() =>
      Response.json({
        ...user,
        airtableSync: "not-linked",
        emailChange: { pendingEmail: "casey.new@example.test", message },
      } satisfies UpdatedProfile),
    );
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    fireEvent.change(within(form()).getByLabelText("Email"), { target: { value: "casey.new@example.test" } });
    fireEvent.click(within(form()).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(within(toastRegion()).getByText(message)).toBeTruthy());
    expect(within(toastRegion()).getByText("Confirm your new email")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit profile" })).toBeNull());
    expect(shownFor("Email")).toContain(user.email);
    expect(screen.getByText(/Waiting for confirmation/).textContent).toContain("casey.new@example.test");
    expect(sessionState().user).toEqual(user);
  });
});
