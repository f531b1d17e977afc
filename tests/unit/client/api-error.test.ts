// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/client/lib/api-client";
import {
  errorMessage,
  failureText,
  serverErrorText,
  splitFieldErrors,
  withoutFieldPrefix,
} from "../../../src/client/lib/api-error";
import { USERNAME_TAKEN_MESSAGE } from "../../../src/shared/api/auth";
import { ERROR_PARTS_SEPARATOR, fieldMessage } from "../../../src/shared/api/errors";

const apiError = (status: number, body: string) => new ApiError(status, body, "Status text");

describe("serverErrorText", () => {
  it("reads the error field of a JSON answer", () => {
    expect(serverErrorText(apiError(401, '{"error":"Invalid email or password"}'))).toBe(
      "Invalid email or password",
    );
  });

  it("gives nothing for a body that is not JSON, has no error, or is not an API error", () => {
    expect(serverErrorText(apiError(502, "<html>Bad gateway</html>"))).toBeUndefined();
    expect(serverErrorText(apiError(500, '{"message":"x"}'))).toBeUndefined();
    expect(serverErrorText(apiError(500, '{"error":""}'))).toBeUndefined();
    expect(serverErrorText(new TypeError("Failed to fetch"))).toBeUndefined();
  });

  it("falls back when there is nothing to show", () => {
    expect(errorMessage(new TypeError("Failed to fetch"), "Registration failed")).toBe("Registration failed");
  });
});

describe("splitFieldErrors", () => {
  const fields = ["name", "username", "email", "password"] as const;

  it("puts a known field's message on that field", () => {
    expect(splitFieldErrors("username: This username is already taken", fields)).toEqual({
      fieldErrors: { username: "This username is already taken" },
      otherErrors: [],
    });
  });

  it("splits several validation problems and keeps the first per field", () => {
    expect(
      splitFieldErrors(
        "email: Please enter a valid email address; password: Too short; password: Other",
        fields,
      ),
    ).toEqual({
      fieldErrors: { email: "Please enter a valid email address", password: "Too short" },
      otherErrors: [],
    });
  });

  it("keeps messages that name no known field", () => {
    expect(splitFieldErrors("Too many attempts. Please wait 5 minutes and try again.", fields)).toEqual({
      fieldErrors: {},
      otherErrors: ["Too many attempts. Please wait 5 minutes and try again."],
    });
    expect(splitFieldErrors("token: Too small", fields).otherErrors).toEqual(["token: Too small"]);
  });

  it("reads back what the server writes with the shared format", () => {
    const answer = [
      fieldMessage("username", USERNAME_TAKEN_MESSAGE),
      fieldMessage("token", "Too small"),
    ].join(ERROR_PARTS_SEPARATOR);
    expect(splitFieldErrors(answer, fields)).toEqual({
      fieldErrors: { username: USERNAME_TAKEN_MESSAGE },
      otherErrors: ["token: Too small"],
    });
  });

  it("drops the field prefix for a message shown on its own", () => {
    expect(withoutFieldPrefix("username: This username is already taken", fields)).toBe(
      "This username is already taken",
    );
    expect(withoutFieldPrefix("Cross-site request refused", fields)).toBe("Cross-site request refused");
  });
});

describe("failureText", () => {
  it("prefers the server's words, then the status, then a connection hint", () => {
    const said = new ApiError(429, JSON.stringify({ error: "Too many attempts." }), "Too Many Requests");
    expect(failureText(said, "The sync could not be completed")).toBe("Too many attempts.");
    const html = new ApiError(502, "<html>Bad gateway</html>", "Bad Gateway");
    expect(failureText(html, "The sync could not be completed")).toBe(
      "The sync could not be completed (the server answered 502).",
    );
    expect(failureText(new TypeError("Failed to fetch"), "The sync could not be completed")).toBe(
      "The sync could not be completed. Check your connection.",
    );
  });

  it("leaves out what failed when a title beside it already says so", () => {
    const said = new ApiError(429, JSON.stringify({ error: "Too many attempts." }), "Too Many Requests");
    expect(failureText(said)).toBe("Too many attempts.");
    expect(failureText(new ApiError(502, "<html>Bad gateway</html>", "Bad Gateway"))).toBe(
      "The server answered 502.",
    );
    expect(failureText(new TypeError("Failed to fetch"))).toBe("Check your connection and try again.");
  });
});
