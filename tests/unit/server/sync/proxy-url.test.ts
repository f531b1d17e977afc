import { describe, expect, it } from "vitest";
import { withoutCredentials } from "../../../../src/server/features/sync/table-writers";

describe("a proxy URL as it is stored", () => {
  it("loses its username and password", () => {
    expect(withoutCredentials("http://user-ie-1:S3cret!@203.0.113.104:33420")).toBe(
      "http://203.0.113.104:33420",
    );
    expect(withoutCredentials("socks5://u:p@proxy.example:1080/")).toBe("socks5://proxy.example:1080/");
  });

  it("loses them even without a scheme or when it is not a valid URL", () => {
    expect(withoutCredentials("user:p@ss@203.0.113.7:8080")).toBe("203.0.113.7:8080");
    expect(withoutCredentials("http://us er:pa ss@[bad:8080")).toBe("http://[bad:8080");
    expect(withoutCredentials("http://203.0.113.9:8080/path@x")).toBe("http://203.0.113.9:8080/path@x");
  });

  it("is kept as it is when it has no credentials", () => {
    expect(withoutCredentials("http://203.0.113.104:33420")).toBe("http://203.0.113.104:33420");
    expect(withoutCredentials(null)).toBeNull();
  });
});
