import net from "node:net";
import { describe, expect, it } from "vitest";

describe("the test sandbox", () => {
  it("refuses connections to hosts outside loopback", async () => {
    expect(() => net.connect(443, "203.0.113.10")).toThrow(/only reach loopback/);
    await expect(async () => fetch("https://api.airtable.com/v0/x")).rejects.toThrow(/only reach loopback/);
  });
});
