// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../../../src/client/lib/api-client";
import { type ServerFormError, useServerForm } from "../../../src/client/lib/use-server-form";

const schema = z.object({
  name: z.string().min(1, "Name is required"),
  username: z.string().min(3, "Username is too short"),
  email: z.string().min(1, "Email is required"),
});

type Answer = ServerFormError<"username" | "email">;

/** A form of three fields; the server may name username and email. Submitting fails with `answer`. */
function Form({ answer, results, submitted }: { answer: unknown; results: Answer[]; submitted: unknown[] }) {
  const { form, showServerError } = useServerForm(schema, {
    defaultValues: { name: "", username: "", email: "" },
    serverFields: ["username", "email"],
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    submitted.push(values);
    if (answer) results.push(showServerError(answer));
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      {(["name", "username", "email"] as const).map((field) => (
        <div key={field}>
          <input
            aria-label={field}
            aria-invalid={errors[field] ? true : undefined}
            {...form.register(field)}
          />
          {errors[field] ? <span>{errors[field].message}</span> : null}
        </div>
      ))}
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(answer: unknown = null) {
  const results: Answer[] = [];
  const submitted: unknown[] = [];
  render(<Form answer={answer} results={results} submitted={submitted} />);
  const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.input(input(name), { target: { value } });
  const submit = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
  return { input, type, submit, results, submitted };
}

const conflict = (body: object) => new ApiError(409, JSON.stringify(body), "Conflict");

afterEach(() => cleanup());

describe("useServerForm", () => {
  it("checks nothing until submitted, then focuses the first field in error", async () => {
    const { input, type, submit, submitted } = renderForm();
    type("username", "a");
    expect(screen.queryByText("Username is too short")).toBeNull();

    await submit();
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Username is too short")).toBeTruthy();
    expect(document.activeElement).toBe(input("name"));
    expect(submitted).toEqual([]);
  });

  it("checks a field again as it changes once the form was submitted", async () => {
    const { type, submit } = renderForm();
    await submit();
    expect(screen.getByText("Name is required")).toBeTruthy();
    type("name", "Dana");
    await waitFor(() => expect(screen.queryByText("Name is required")).toBeNull());
    expect(screen.getByText("Username is too short")).toBeTruthy();
  });

  it("puts the server's field messages on their fields, in the form's order, and focuses the first", async () => {
    const { input, type, submit, results } = renderForm(
      conflict({ error: "email: This email is taken; username: This username is already taken" }),
    );
    type("name", "Dana");
    type("username", "dana");
    type("email", "dana@example.test");
    await submit();

    expect(results).toEqual([
      {
        message: "email: This email is taken; username: This username is already taken",
        fields: ["username", "email"],
        otherErrors: [],
      },
    ]);
    expect(screen.getByText("This username is already taken")).toBeTruthy();
    expect(screen.getByText("This email is taken")).toBeTruthy();
    expect(input("username").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input("username"));

    // A server message goes as soon as its field changes.
    type("username", "dana2");
    await waitFor(() => expect(screen.queryByText("This username is already taken")).toBeNull());
  });

  it("leaves the rest of the message, and messages about other fields, to the form", async () => {
    const { type, submit, results } = renderForm(
      conflict({ error: "token: Too small; Too many attempts. Please wait 5 minutes and try again." }),
    );
    type("name", "Dana");
    type("username", "dana");
    type("email", "dana@example.test");
    await submit();
    expect(results[0]?.fields).toEqual([]);
    expect(results[0]?.otherErrors).toEqual([
      "token: Too small",
      "Too many attempts. Please wait 5 minutes and try again.",
    ]);
  });

  it("says there was no message when the call failed without one", async () => {
    const { type, submit, results } = renderForm(new TypeError("Failed to fetch"));
    type("name", "Dana");
    type("username", "dana");
    type("email", "dana@example.test");
    await submit();
    expect(results).toEqual([{ message: undefined, fields: [], otherErrors: [] }]);
  });
});
