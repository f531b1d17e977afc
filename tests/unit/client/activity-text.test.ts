import { describe, expect, it } from "vitest";
import {
  describeActivity,
  relativeTime,
} from "../../../src/client/features/dashboard/components/activity-text";

const at = "2026-03-01T10:00:00.000Z";

describe("describeActivity", () => {
  it("words syncs by how they ended", () => {
    const sync = { type: "sync", at, kind: "user", status: "succeeded", synced: 12, errors: 0 } as const;
    expect(describeActivity(sync)).toBe("Synced your accounts and optimizations: 12 records");
    expect(describeActivity({ ...sync, synced: 1 })).toBe("Synced your accounts and optimizations: 1 record");
    expect(describeActivity({ ...sync, errors: 2 })).toBe(
      "Synced your accounts and optimizations: 12 records (2 errors)",
    );
    expect(describeActivity({ ...sync, status: "failed" })).toBe("A sync of your LinkedIn accounts failed");
  });

  it("words reveals by what was shown and by whom", () => {
    const reveal = {
      type: "reveal",
      at,
      secret: "password",
      account: "x@y.com",
      accounts: 1,
      byAnotherUser: false,
    } as const;
    expect(describeActivity(reveal)).toBe("Revealed the password of x@y.com");
    expect(describeActivity({ ...reveal, secret: "proxyPassword" })).toBe(
      "Revealed the proxy password of x@y.com",
    );
    expect(describeActivity({ ...reveal, secret: "recoveryCodes" })).toBe(
      "Revealed the 2FA recovery codes of x@y.com",
    );
    expect(describeActivity({ ...reveal, secret: "loginCode" })).toBe("Showed a 2FA login code of x@y.com");
    expect(describeActivity({ ...reveal, secret: "export" })).toBe("Exported the passwords of x@y.com");
    expect(describeActivity({ ...reveal, byAnotherUser: true })).toBe(
      "An administrator revealed the password of x@y.com",
    );
  });

  it("words one action over many accounts as one line with their number", () => {
    const exported = {
      type: "reveal",
      at,
      secret: "export",
      account: "x@y.com",
      accounts: 40,
      byAnotherUser: false,
    } as const;
    expect(describeActivity(exported)).toBe("Exported the passwords of 40 accounts");
    expect(describeActivity({ ...exported, accounts: 1_200, byAnotherUser: true })).toBe(
      "An administrator exported the passwords of 1,200 accounts",
    );
  });
});

describe("relativeTime", () => {
  const now = Date.parse(at);
  it("says just now, then minutes, hours and days ago", () => {
    expect(relativeTime(at, now + 10_000)).toBe("just now");
    expect(relativeTime(at, now + 5 * 60_000)).toBe("5 minutes ago");
    expect(relativeTime(at, now + 3 * 3_600_000)).toBe("3 hours ago");
    expect(relativeTime(at, now + 24 * 3_600_000)).toBe("yesterday");
  });
});
