import { describe, expect, it } from "vitest";
import {
  MAX_MAIL_LINES,
  type MailedNotification,
  notificationDigestMail,
  notificationLine,
} from "../../../src/server/features/notifications/notification-mail";

describe("the notification mail", () => {
  it("words each kind in one line", () => {
    const lines: Array<[MailedNotification, string]> = [
      [
        {
          kind: "account_status_changed",
          detail: { account: "Jane Roe", from: "Signed In", to: "Restricted" },
        },
        "LinkedIn account Jane Roe: Signed In → Restricted",
      ],
      [
        { kind: "account_delivered", detail: { account: "Jane Roe" } },
        "New LinkedIn account delivered: Jane Roe",
      ],
      [
        {
          kind: "optimization_status_changed",
          detail: { optimization: "Acme", from: "in_review", to: "completed" },
        },
        "Profile optimization Acme: in review → completed",
      ],
      [
        {
          kind: "request_status_changed",
          detail: { account: "Jane Roe", to: "replaced", replacement: "John Doe" },
        },
        "Your replacement request for Jane Roe is done: the account was replaced (new account: John Doe)",
      ],
      [
        { kind: "payment_failed", detail: { amount: 13400, currency: "USD", product: "LinkedIn Plus" } },
        "A payment of $134.00 for LinkedIn Plus failed",
      ],
      [
        { kind: "payment_refunded", detail: { amount: 9800, currency: "EUR", product: null } },
        "€98.00 was refunded",
      ],
      [
        { kind: "new_sign_in", detail: { browser: "Firefox on Windows", place: "Berlin" } },
        "New sign-in from Firefox on Windows (Berlin)",
      ],
    ];
    for (const [entry, line] of lines) expect(notificationLine("en", entry), entry.kind).toBe(line);
  });

  it("lists the entries under a subject that counts them, links the list page, and escapes HTML", () => {
    const one = notificationDigestMail("en", "a@example.test", "https://portal.example", [
      { kind: "account_delivered", detail: { account: "<b>Eve</b>" } },
    ]);
    expect(one.to).toBe("a@example.test");
    expect(one.subject).toBe("1 change to your accounts and orders");
    expect(one.text).toContain("- New LinkedIn account delivered: <b>Eve</b>");
    expect(one.text).toContain("https://portal.example/notifications");
    expect(one.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(one.html).not.toContain("<b>Eve</b>");

    const many = Array.from({ length: MAX_MAIL_LINES + 7 }, (_, i) => ({
      kind: "account_delivered" as const,
      detail: { account: `Account ${i}` },
    }));
    const mail = notificationDigestMail("en", "a@example.test", "https://portal.example", many);
    expect(mail.subject).toBe(`${MAX_MAIL_LINES + 7} changes to your accounts and orders`);
    expect(mail.text.match(/^- /gm)).toHaveLength(MAX_MAIL_LINES + 1);
    expect(mail.text).toContain("- and 7 more");
    expect(mail.text).not.toContain(`Account ${MAX_MAIL_LINES}\n`);
  });
});

describe("the notification mail in German", () => {
  it("words the lines, counts the changes with German plurals, and formats money the German way", () => {
    expect(
      notificationLine("de", {
        kind: "request_status_changed",
        detail: { account: "Jane Roe", to: "replaced", replacement: "John Doe" },
      }),
    ).toBe("Ihre Ersatzanfrage für Jane Roe ist erledigt: Das Konto wurde ersetzt (neues Konto: John Doe)");
    expect(
      notificationLine("de", {
        kind: "payment_failed",
        detail: { amount: 13400, currency: "EUR", product: "LinkedIn Plus" },
      }),
    ).toBe("Eine Zahlung über 134,00\u00a0€ für LinkedIn Plus ist fehlgeschlagen");

    const entry = { kind: "account_delivered" as const, detail: { account: "Eve" } };
    const one = notificationDigestMail("de", "a@example.test", "https://portal.example", [entry]);
    expect(one.subject).toBe("1 Änderung an Ihren Konten und Bestellungen");
    expect(one.text).toContain("- Neues LinkedIn-Konto geliefert: Eve");
    expect(one.text).toContain("Alle ansehen: https://portal.example/notifications");
    const three = notificationDigestMail("de", "a@example.test", "https://portal.example", [
      entry,
      entry,
      entry,
    ]);
    expect(three.subject).toBe("3 Änderungen an Ihren Konten und Bestellungen");
  });
});
