// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { login, loginErrorMessage } from "../../../src/client/features/auth/api/login";
import { registerUser } from "../../../src/client/features/auth/api/register";
import {
  registerExistingFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from "../../../src/client/features/auth/form-schemas";
import { ApiError } from "../../../src/client/lib/api-client";

afterEach(() => {
  vi.unstubAllGlobals();
});

const issues = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("the register form", () => {
  const valid = {
    name: "Dana Smith",
    username: "dana",
    email: "dana@example.test",
    password: "Sunlit-Harbor-1!",
    confirmPassword: "Sunlit-Harbor-1!",
  };

  it("accepts matching passwords", () => {
    expect(registerFormSchema.safeParse(valid).success).toBe(true);
  });

  it("requires the confirmation", () => {
    expect(issues(registerFormSchema.safeParse({ ...valid, confirmPassword: "" }))[0]).toEqual([
      "confirmPassword",
      "Please confirm your password",
    ]);
  });

  it("reports a mismatch on confirmPassword, alongside other problems", () => {
    expect(
      issues(registerFormSchema.safeParse({ ...valid, name: "", confirmPassword: "different" })),
    ).toEqual([
      ["name", "Required"],
      ["confirmPassword", "Passwords don't match"],
    ]);
  });

  it("uses the server's messages for the shared fields", () => {
    expect(
      issues(
        registerFormSchema.safeParse({
          ...valid,
          email: "nope",
          password: "short",
          confirmPassword: "short",
        }),
      ),
    ).toEqual([
      ["email", "Please enter a valid email address"],
      ["password", "Password must be at least 8 characters long"],
    ]);
  });

  it("refuses invisible and text-direction characters in the name and username, first on their fields", () => {
    expect(
      issues(registerFormSchema.safeParse({ ...valid, name: "\u202Eevil", username: "a\u200Bb" })),
    ).toEqual([
      ["name", "must not contain invisible or text-direction characters"],
      ["username", "must not contain invisible or text-direction characters"],
      ["username", "Username may contain only letters, numbers, dots, dashes and underscores"],
    ]);
  });
});

describe("the other forms", () => {
  it("reset needs a new password of 8+ characters that is confirmed", () => {
    expect(
      issues(resetPasswordFormSchema.safeParse({ password: "Abcdefg1!", confirmPassword: "Abcdefg1?" })),
    ).toEqual([["confirmPassword", "Passwords don't match"]]);
  });

  it("existing-customer registration checks only the email itself (the page reports the rest as toasts)", () => {
    expect(
      registerExistingFormSchema.safeParse({ email: "a@b.co", password: "x", confirmPassword: "y" }).success,
    ).toBe(true);
    expect(
      issues(registerExistingFormSchema.safeParse({ email: "", password: "", confirmPassword: "" })),
    ).toEqual([["email", "Please enter a valid email address"]]);
  });
});

describe("registerUser", () => {
  it("sends the server's four fields and never the confirmation (decision R2)", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Response.json({ ok: true, message: "We have sent a message to this email." });
    });
    const values = {
      name: "Dana Smith",
      username: "dana",
      email: "dana@example.test",
      password: "pw-pw-pw-1",
      confirmPassword: "pw-pw-pw-1",
    };
    await expect(registerUser(values)).resolves.toEqual({
      ok: true,
      message: "We have sent a message to this email.",
    });
    expect(bodies).toEqual([
      { name: "Dana Smith", username: "dana", email: "dana@example.test", password: "pw-pw-pw-1" },
    ]);
  });
});

describe("login errors", () => {
  it("shows the server's message", () => {
    expect(
      loginErrorMessage(new ApiError(401, '{"error":"Invalid email or password"}', "Unauthorized")),
    ).toBe("Invalid email or password");
    expect(
      loginErrorMessage(
        new ApiError(
          429,
          '{"error":"Too many attempts. Please wait 5 minutes and try again."}',
          "Too Many Requests",
        ),
      ),
    ).toBe("Too many attempts. Please wait 5 minutes and try again.");
  });

  it("reads a body that is not JSON as bad credentials", async () => {
    expect(loginErrorMessage(new ApiError(401, "Unauthorized", "Unauthorized"))).toBe(
      "Invalid email or password",
    );
    vi.stubGlobal("fetch", async () => new Response("<html>signed in?</html>", { status: 200 }));
    const failure = await login({ email: "a@b.co", password: "x" }).catch((error: unknown) => error);
    expect(loginErrorMessage(failure)).toBe("Invalid email or password");
  });

  it("says 'Login failed' otherwise", () => {
    expect(loginErrorMessage(new TypeError("Failed to fetch"))).toBe("Login failed");
    expect(loginErrorMessage(new ApiError(500, '{"oops":true}', "Internal Server Error"))).toBe(
      "Login failed",
    );
  });
});
