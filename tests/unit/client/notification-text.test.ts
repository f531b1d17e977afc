import { describe, expect, it } from "vitest";
import { readUnreadCount } from "../../../src/client/features/notifications/api/unread-count-answer";
import {
  badgeText,
  bellLabel,
} from "../../../src/client/features/notifications/components/notification-bell";
import {
  describeNotification,
  formatRelativeTime,
  portalPath,
} from "../../../src/client/features/notifications/components/notification-text";
import { NOTIFICATION_KINDS, type Notification } from "../../../src/shared/api/notifications";

const say = (kind: Notification["kind"], detail: Notification["detail"]) =>
  describeNotification({ kind, detail }, "en-US");

describe("describeNotification", () => {
  it("words every kind from its detail", () => {
    expect(
      say("account_status_changed", { account: "Jane Doe", from: "Signed In", to: "Restricted - Submit ID" }),
    ).toBe("Jane Doe's status changed from Signed In to Restricted");
    expect(say("account_delivered", { account: "Jane Doe" })).toBe("A new account was delivered: Jane Doe");
    expect(
      say("optimization_status_changed", { optimization: "Acme", from: "submitted", to: "in_progress" }),
    ).toBe("Your optimization request 'Acme' moved to In progress");
    expect(
      say("request_status_changed", { account: "Jane Doe", to: "replaced", replacement: "John Roe" }),
    ).toBe("Your request about Jane Doe was replaced by John Roe");
    expect(say("payment_failed", { amount: 9800, currency: "usd", product: null })).toBe(
      "A payment of $98.00 failed",
    );
    expect(say("payment_refunded", { amount: 4000, currency: "USD" })).toBe("A refund of $40.00 was made");
    expect(say("new_sign_in", { browser: "Chrome on Linux", place: null })).toBe(
      "New sign-in from Chrome on Linux",
    );
  });

  it("words each request status, a declined one with the operator's note", () => {
    const about = (to: string, extra: Notification["detail"] = {}) =>
      say("request_status_changed", { account: "Jane Doe", to, replacement: null, ...extra });
    expect(about("submitted")).toBe("Your request about Jane Doe was received");
    expect(about("in_progress")).toBe("Your request about Jane Doe is in progress");
    expect(about("fixed")).toBe("Your request about Jane Doe was fixed");
    expect(about("replaced")).toBe("Your request about Jane Doe was replaced");
    expect(about("declined", { note: "The account is fine" })).toBe(
      "Your request about Jane Doe was declined: The account is fine",
    );
    expect(about("withdrawn")).toBe("Your request about Jane Doe was withdrawn");
    expect(about("something_new")).toBe("Your request about Jane Doe changed");
  });

  it("adds the product and the place when they are known", () => {
    expect(say("payment_failed", { amount: 9800, currency: "USD", product: "1 × LinkedIn Lite" })).toBe(
      "A payment of $98.00 for 1 × LinkedIn Lite failed",
    );
    expect(say("new_sign_in", { browser: "Firefox on Windows", place: "Berlin, Germany" })).toBe(
      "New sign-in from Firefox on Windows near Berlin, Germany",
    );
  });

  it("still makes a sentence of an entry whose values are missing or odd", () => {
    for (const kind of NOTIFICATION_KINDS) {
      const sentence = say(kind, {});
      expect(sentence).toMatch(/^[A-Z]/);
      expect(sentence).not.toMatch(/undefined|null|NaN/);
    }
    expect(say("account_status_changed", { account: "  ", from: null, to: 7 })).toBe(
      "An account's status changed from no status to no status",
    );
    expect(say("payment_refunded", { amount: "forty", currency: "USD" })).toBe(
      "A refund of an unknown amount was made",
    );
  });
});

describe("formatRelativeTime", () => {
  const now = Date.parse("2026-03-10T12:00:00.000Z");
  it("says how long ago, then the date", () => {
    expect(formatRelativeTime("2026-03-10T11:59:30.000Z", now, "en-US")).toBe("just now");
    expect(formatRelativeTime("2026-03-10T11:55:00.000Z", now, "en-US")).toBe("5 minutes ago");
    expect(formatRelativeTime("2026-03-10T09:00:00.000Z", now, "en-US")).toBe("3 hours ago");
    expect(formatRelativeTime("2026-03-09T10:00:00.000Z", now, "en-US")).toBe("yesterday");
    expect(formatRelativeTime("2026-03-06T12:00:00.000Z", now, "en-US")).toBe("4 days ago");
    expect(formatRelativeTime("2026-02-01T12:00:00.000Z", now, "en-US")).toBe(
      new Date("2026-02-01T12:00:00.000Z").toLocaleDateString(undefined, { dateStyle: "medium" }),
    );
    expect(formatRelativeTime("not a time", now)).toBe("not a time");
  });
});

describe("the bell", () => {
  it("shows no badge at 0, the count up to 9, then 9+", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
  });

  it("names the unread count", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellLabel(12)).toBe("Notifications, 12 unread");
  });

  it("reads the count answer by hand, refusing what is not one", () => {
    expect(readUnreadCount({ unreadCount: 4, extra: true })).toBe(4);
    expect(() => readUnreadCount({ unreadCount: "4" })).toThrow("Unexpected unread count: unreadCount");
    expect(() => readUnreadCount(null)).toThrow("Unexpected unread count");
  });
});

describe("portalPath", () => {
  it("lets an entry lead only inside the portal", () => {
    expect(portalPath("/accounts/linkedin")).toBe("/accounts/linkedin");
    expect(portalPath(null)).toBeNull();
    expect(portalPath("https://evil.example/")).toBeNull();
    expect(portalPath("//evil.example/")).toBeNull();
    expect(portalPath("/\\evil.example")).toBeNull();
    expect(portalPath("javascript:alert(1)")).toBeNull();
  });
});
