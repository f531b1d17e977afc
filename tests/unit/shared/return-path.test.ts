// @vitest-environment node
import { describe, expect, it } from "vitest";
import { signedInPaths } from "../../../src/client/app/routes/paths";
import { loginPathFor, returnPathFrom } from "../../../src/client/lib/return-path";
import {
  DEFAULT_RETURN_PATH,
  MAX_RETURN_PATH_LENGTH,
  safeReturnPath,
  withReturnPath,
} from "../../../src/shared/return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/accounts/linkedin", "/accounts/linkedin"],
    ["/accounts/linkedin?status=banned&q=ann", "/accounts/linkedin?status=banned&q=ann"],
    ["/accounts/linkedin?q=wrong%20password#row-3", "/accounts/linkedin?q=wrong%20password#row-3"],
    ["/billing/transactions", "/billing/transactions"],
    ["/billing/orders?state=open", "/billing/orders?state=open"],
    ["/checkout/success?session_id=cs_test_123", "/checkout/success?session_id=cs_test_123"],
    ["/settings#security", "/settings#security"],
    ["/admin/sync", "/admin/sync"],
    // Normalised as a browser would read it.
    ["/settings/../billing/transactions", "/billing/transactions"],
    ["/Accounts/LinkedIn", "/Accounts/LinkedIn"],
    ["/accounts/linkedin?q=a b", "/accounts/linkedin?q=a%20b"],
    ["/accounts/linkedin?q=100%25", "/accounts/linkedin?q=100%25"],
    ["/accounts/linkedin?q=%zz", "/accounts/linkedin?q=%zz"],
    ["/accounts/linkedin?q=%E2%9C%93", "/accounts/linkedin?q=%E2%9C%93"],
  ])("keeps %j as %j", (raw, kept) => {
    expect(safeReturnPath(raw)).toBe(kept);
  });

  it.each([
    // Not a path of this origin.
    ["an absolute URL", "https://evil.example/dashboard"],
    ["an absolute URL of the portal's own scheme", "http://evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a protocol-relative URL", "//evil.example"],
    ["a protocol-relative URL with a path", "//evil.example/dashboard"],
    ["three slashes", "///evil.example"],
    ["a backslash after the slash", "/\\evil.example"],
    ["a backslash first", "\\\\evil.example"],
    ["a backslash later on", "/dashboard\\..\\..\\evil"],
    ["a relative path", "dashboard"],
    ["a dot path", "./dashboard"],
    ["a bare host", "evil.example"],
    ["a query alone", "?next=//evil.example"],
    ["a hash alone", "#/dashboard"],
    // Control characters, which the URL parser drops or a header would split on.
    ["a tab between the slashes", "/\t/evil.example"],
    ["a newline between the slashes", "/\n/evil.example"],
    ["a carriage return and line feed", "/dashboard\r\nSet-Cookie: x=1"],
    ["a NUL", "/dashboard\u0000"],
    ["a C1 control character", "/dashboard\u0085"],
    ["DEL", "/dashboard\u007f"],
    // Escapes that decode to the above, once or more.
    ["an escaped second slash", "/%2Fevil.example"],
    ["an escaped second slash in capitals", "/%2fevil.example"],
    ["two escaped slashes", "%2F%2Fevil.example"],
    ["an escaped backslash", "/%5Cevil.example"],
    ["an escaped tab", "/%09/evil.example"],
    ["an escaped newline in the query", "/dashboard?x=%0d%0aSet-Cookie:%20x=1"],
    ["an escaped NUL", "/dashboard%00"],
    ["a doubly escaped slash", "/%252Fevil.example"],
    ["a triply escaped backslash", "/%25255Cevil.example"],
    ["a valid escape beside a malformed one", "/%2F%zzevil.example"],
    ["an escaped scheme", "https%3A%2F%2Fevil.example"],
    ["an escaped backslash inside a page", "/settings%5C..%5Cevil"],
    ["a doubly escaped backslash inside a page", "/settings/%255Cevil"],
    ["an escaped tab inside a page", "/settings/%09x"],
    ["a doubly escaped newline inside a page", "/settings?x=%250A"],
    ["a backslash escaped six times over", "/settings/%2525252525255Cevil"],
    // Same origin, but no page of the signed-in area.
    ["the site's root", "/"],
    ["the API", "/api/user"],
    ["the API in capitals", "/API/user"],
    ["the API behind dot segments", "/settings/../api/user"],
    ["the API behind escaped dot segments", "/settings/%2e%2e/api/user"],
    ["the sign-in screen", "/login"],
    ["the sign-in screen with a next of its own", "/login?next=/dashboard"],
    ["registration", "/register"],
    ["a password reset link", "/reset-password?token=abc"],
    ["the test checkout", "/test-checkout/cs_1"],
    ["a built asset", "/assets/index.js"],
    ["a section's look-alike", "/dashboards"],
    ["a section's look-alike with a dot", "/dashboard.evil.example"],
    // Not a string, or no size a link of the app has.
    ["an empty string", ""],
    ["too long", `/dashboard?q=${"a".repeat(MAX_RETURN_PATH_LENGTH)}`],
    ["null", null],
    ["a number", 42],
    ["an array", ["/dashboard"]],
  ])("refuses %s", (_, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it("accepts every page of the signed-in area", () => {
    for (const { path } of signedInPaths) expect(safeReturnPath(path), path).toBe(path);
  });
});

describe("the return path in an address", () => {
  it("goes to /login with the page and its query, readable, and comes back the same", () => {
    const location = { pathname: "/accounts/linkedin", search: "?status=banned&q=a+b", hash: "#top" };
    const login = loginPathFor(location);
    expect(login).toBe("/login?next=/accounts/linkedin%3Fstatus%3Dbanned%26q%3Da%2Bb%23top");
    expect(returnPathFrom(new URL(login, "http://portal.test").search)).toBe(
      "/accounts/linkedin?status=banned&q=a+b#top",
    );
  });

  it("leaves out the dashboard, which is where a sign-in ends anyway", () => {
    expect(loginPathFor({ pathname: "/dashboard", search: "", hash: "" })).toBe("/login");
    expect(loginPathFor({ pathname: "/login", search: "", hash: "" })).toBe("/login");
  });

  it("reads the link another page makes: /login?next=/accounts/linkedin", () => {
    expect(returnPathFrom("?next=/accounts/linkedin")).toBe("/accounts/linkedin");
    expect(returnPathFrom("?google=denied&next=/billing/transactions")).toBe("/billing/transactions");
  });

  it("reads nothing from a missing, empty or evil next", () => {
    expect(returnPathFrom("")).toBeNull();
    expect(returnPathFrom("?next=")).toBeNull();
    expect(returnPathFrom("?next=//evil.example")).toBeNull();
    expect(returnPathFrom("?next=%2F%2Fevil.example")).toBeNull();
    expect(returnPathFrom("?next=/%252F%252Fevil.example")).toBeNull();
    expect(returnPathFrom("?next=https://evil.example")).toBeNull();
  });

  it("adds the return path to an address with or without a query", () => {
    expect(withReturnPath("/register", "/settings")).toBe("/register?next=/settings");
    expect(withReturnPath("/login?google=denied", "/settings")).toBe("/login?google=denied&next=/settings");
    expect(withReturnPath("/register", null)).toBe("/register");
    expect(DEFAULT_RETURN_PATH).toBe("/dashboard");
  });
});
