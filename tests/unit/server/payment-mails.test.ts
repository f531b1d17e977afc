/**
 * The payment mails in the customer's language (decision 051): the English words are the ones the
 * portal always sent; German words the same mail, with amounts the German way.
 */
import { describe, expect, it } from "vitest";
import type { Receipt } from "../../../src/server/features/billing/ledger/receipt-lines";
import { paymentFailedMail, paymentReceiptMail } from "../../../src/server/features/billing/payment-mails";

const receipt: Receipt = {
  lines: [{ description: "LinkedIn Plus", quantity: 2, amountCents: 19_600 }],
  subtotalCents: 19_600,
  discount: { label: "Volume discount", amountCents: 1_960 },
  totalCents: 17_640,
  currency: "EUR",
};
const paidAt = new Date("2026-11-20T10:00:00Z");
const failure = {
  failedAt: paidAt,
  amountCents: 9_800,
  currency: "EUR",
  product: "LinkedIn Lite",
  payNowUrl: "https://pay.example/in_1",
  historyUrl: "https://portal.example/billing/transactions",
};

describe("the payment mails", () => {
  it("send the receipt in English with the table and the receipt's link", () => {
    const mail = paymentReceiptMail("en", "a@example.test", {
      paidAt,
      receipt,
      receiptUrl: "https://pay.example/receipt/1",
      historyUrl: failure.historyUrl,
    });
    expect(mail.subject).toBe("Your receipt for €176.40");
    expect(mail.text).toContain("Thank you: we received your payment of €176.40 on 2026-11-20.");
    expect(mail.text).toContain(
      "2 × LinkedIn Plus: €196.00\nSubtotal: €196.00\nVolume discount: −€19.60\nTotal: €176.40",
    );
    expect(mail.text).toContain("View your receipt: https://pay.example/receipt/1");
  });

  it("send the receipt in German, amounts and all", () => {
    const mail = paymentReceiptMail("de", "a@example.test", {
      paidAt,
      receipt,
      receiptUrl: null,
      historyUrl: failure.historyUrl,
    });
    expect(mail.subject).toBe("Ihre Quittung über 176,40\u00a0€");
    expect(mail.text).toContain(
      "Vielen Dank: Wir haben Ihre Zahlung über 176,40\u00a0€ am 2026-11-20 erhalten.",
    );
    expect(mail.text).toContain("Zwischensumme: 196,00\u00a0€");
    expect(mail.text).toContain("Gesamt: 176,40\u00a0€");
    expect(mail.text).toContain(`Ihre Zahlungen ansehen: ${failure.historyUrl}`);
    expect(mail.html).toContain('<td style="font-weight:bold">Gesamt</td>');
  });

  it("tell a failed payment in either language, with Pay now and the history linked", () => {
    const english = paymentFailedMail("en", "a@example.test", failure);
    expect(english.subject).toBe("Your payment of €98.00 failed");
    expect(english.text).toContain(
      "Your payment of €98.00 for LinkedIn Lite could not be taken on 2026-11-20.",
    );
    expect(english.text).toContain(
      `Your payments are listed under Transaction History: ${failure.historyUrl}`,
    );
    expect(english.html).toContain(
      `<p>Your payments are listed under <a href="${failure.historyUrl}">Transaction History</a>.</p>`,
    );

    const german = paymentFailedMail("de", "a@example.test", { ...failure, product: null });
    expect(german.subject).toBe("Ihre Zahlung über 98,00\u00a0€ ist fehlgeschlagen");
    expect(german.text).toContain(
      "Ihre Zahlung über 98,00\u00a0€ konnte am 2026-11-20 nicht eingezogen werden.",
    );
    expect(german.text).toContain("Jetzt bezahlen: https://pay.example/in_1");
    expect(german.html).toContain(`<a href="${failure.historyUrl}">Transaktionsverlauf</a>`);
  });
});
