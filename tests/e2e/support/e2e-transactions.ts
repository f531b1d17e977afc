/**
 * The billing history the browser tests see. The e2e server start script writes it straight into the
 * database as the sync would from the operator's base, and also into the sync source folder it gives
 * the server, so that a full sync run by another test (the admin's Start User Sync) finds the records
 * in the "base" and keeps them.
 */
import { e2eUsers } from "./users";

const owner = e2eUsers.transactionsOwner;

export interface E2eTransaction {
  recordId: string;
  eventId: string;
  object: string;
  /** As the base writes it: lower or upper case. */
  currency: string;
  /** As the base writes it: "98.00". */
  amount: string;
  amountCents: number;
  product: string;
  eventType: string;
  phone: string | null;
  addressLine2: string | null;
  discounts: string | null;
  /** Null: the base does not say when it happened, so the page shows when the portal recorded it. */
  createdTime: string | null;
}

function transaction(
  fields: Pick<E2eTransaction, "recordId" | "eventId" | "object" | "amount" | "product" | "eventType"> &
    Partial<E2eTransaction>,
): E2eTransaction {
  return {
    currency: "usd",
    amountCents: Math.round(Number(fields.amount) * 100),
    phone: null,
    addressLine2: null,
    discounts: null,
    createdTime: null,
    ...fields,
  };
}

/** Who paid, as every row of the owner's history says. */
export const E2E_BUYER_DETAILS = {
  email: owner.email,
  name: owner.name,
  addressLine1: "682 High Street",
  addressCity: "Dublin",
  addressPostcode: "D02 X285",
  addressCountry: "IE",
} as const;

/** An event id with no break in it, as long as the payment provider's longest: it must wrap on a phone. */
export const LONG_EVENT_ID = "evt_1QxE2eLedgerCheckoutSessionCompletedWithAVeryLongIdentifier0001";

/**
 * The transactionsOwner's seven, newest first: every event type the spec colours, one it does not
 * (invoice.paid, grey), one in euros, and one without a time (recorded when the server started, so
 * newest of all).
 */
export const ownerTransactions: E2eTransaction[] = [
  transaction({
    recordId: "recE2eLedger00007",
    eventId: "evt_E2eLedgerNoTime000007",
    object: "checkout.session",
    currency: "USD",
    amount: "178.20",
    product: "LinkedIn Exec",
    eventType: "checkout.session.completed",
    discounts: "10%",
  }),
  transaction({
    recordId: "recE2eLedger00001",
    eventId: LONG_EVENT_ID,
    object: "checkout.session",
    amount: "268.00",
    product: "2 × LinkedIn Plus",
    eventType: "checkout.session.completed",
    phone: "+353 1 555 0100",
    addressLine2: "Apartment 4B",
    createdTime: "2026-10-17T12:00:00.000Z",
  }),
  transaction({
    recordId: "recE2eLedger00002",
    eventId: "evt_E2eLedgerSucceeded0002",
    object: "invoice",
    amount: "134.00",
    product: "LinkedIn Plus",
    eventType: "payment.succeeded",
    createdTime: "2026-09-25T12:00:00.000Z",
  }),
  transaction({
    recordId: "recE2eLedger00003",
    eventId: "evt_E2eLedgerFailed000003",
    object: "payment_intent",
    amount: "134.00",
    product: "LinkedIn Plus",
    eventType: "payment.failed",
    createdTime: "2026-08-25T12:00:00.000Z",
  }),
  transaction({
    recordId: "recE2eLedger00004",
    eventId: "evt_E2eLedgerRefund000004",
    object: "refund",
    amount: "44.00",
    product: "LinkedIn Automation",
    eventType: "refund.created",
    createdTime: "2026-08-02T12:00:00.000Z",
  }),
  transaction({
    recordId: "recE2eLedger00005",
    eventId: "evt_E2eLedgerInvoice00005",
    object: "invoice",
    amount: "40.00",
    product: "Sales Navigator",
    eventType: "invoice.paid",
    createdTime: "2026-07-11T12:00:00.000Z",
  }),
  transaction({
    recordId: "recE2eLedger00006",
    eventId: "evt_E2eLedgerEuros000006",
    object: "payment_intent",
    currency: "eur",
    amount: "98.00",
    product: "LinkedIn Lite",
    eventType: "payment.succeeded",
    createdTime: "2026-06-20T12:00:00.000Z",
  }),
];

/** The test provider's invoices of the late payer: the plan's first, paid, and its renewal, failed. */
export const LATE_PAYER_INVOICES = {
  first: "in_local_e2eLatePayerFirst01",
  failed: "in_local_e2eLatePayerRenew02",
};
const LATE_PAYER_CUSTOMER = "cus_local_e2eLatePayer";

/**
 * The late payer's billing as the test provider's events would have left it: a checkout and its
 * first invoice (one card, with the invoice's receipt), a plan now past due, and the failed renewal
 * that Pay now pays on the provider's invoice page.
 */
export function latePayerBilling(
  appUrl: string,
  user: { id: number; uid: string; email: string; name: string },
) {
  const receipt = `${appUrl}/test-invoice/${LATE_PAYER_INVOICES.first}`;
  const common = {
    userId: user.id,
    uid: user.uid,
    source: "test" as const,
    product: "1 × LinkedIn Plus",
    amountCents: 13400,
    amountActual: "134.00",
    currency: "USD",
    clientRefId: user.uid,
    email: user.email,
    name: user.name,
    stripeCustomerId: LATE_PAYER_CUSTOMER,
  };
  return {
    transactions: [
      {
        ...common,
        eventId: "evt_local_e2eLatePayerCheckout",
        eventType: "checkout.session.completed",
        object: "checkout.session",
        csLiveId: "cs_local_e2eLatePayerCheckout",
        invoiceId: LATE_PAYER_INVOICES.first,
        receiptUrl: receipt,
        createdTime: new Date("2026-09-03T09:00:00.000Z"),
      },
      {
        ...common,
        eventId: "evt_local_e2eLatePayerFirstPaid",
        eventType: "payment.succeeded",
        object: "invoice",
        invoiceId: LATE_PAYER_INVOICES.first,
        receiptUrl: receipt,
        createdTime: new Date("2026-09-03T09:00:01.000Z"),
      },
      {
        ...common,
        eventId: "evt_local_e2eLatePayerRenewFail",
        eventType: "payment.failed",
        object: "invoice",
        invoiceId: LATE_PAYER_INVOICES.failed,
        createdTime: new Date("2026-10-03T09:00:00.000Z"),
      },
    ],
    subscription: {
      subscriptionId: "sub_local_e2eLatePayer",
      userId: user.id,
      provider: "test" as const,
      stripeCustomerId: LATE_PAYER_CUSTOMER,
      status: "past_due" as const,
      product: "1 × LinkedIn Plus",
      quantity: 1,
      amountCents: 13400,
      currency: "USD",
      currentPeriodEnd: new Date("2026-11-03T09:00:00.000Z"),
      eventCreated: new Date("2026-10-03T09:00:00.000Z"),
    },
  };
}

/** Paid renewals whose events named no customer the portal knows (decision 038). */
export const e2eStrayPayments = [
  {
    eventId: "evt_e2e_stray_desktop",
    eventType: "payment.succeeded",
    amountCents: 13400,
    stripeCustomerId: "cus_e2eStrayDesktop",
  },
  {
    eventId: "evt_e2e_stray_phone",
    eventType: "payment.succeeded",
    amountCents: 19800,
    stripeCustomerId: "cus_e2eStrayPhone",
  },
  {
    eventId: "evt_e2e_stray_stays",
    eventType: "refund.created",
    amountCents: 4400,
    stripeCustomerId: "cus_e2eStrayStays",
  },
] as const;

/** How many rows the longHistory customer has: more than two pages of the list (50 a page). */
export const LONG_HISTORY_LENGTH = 130;
/** Every tenth of them is a refund of LinkedIn Lite; the rest are renewals of LinkedIn Plus. */
export const LONG_HISTORY_REFUNDS = LONG_HISTORY_LENGTH / 10;

/**
 * The longHistory customer's rows, newest first: renewal n happened n days before the newest, and
 * every tenth row is a refund. Three rows share each time at the end, as a busy webhook would.
 */
export function longHistory(owner: { id: number; uid: string }) {
  const newest = Date.parse("2026-11-01T09:00:00.000Z");
  return Array.from({ length: LONG_HISTORY_LENGTH }, (_, n) => {
    const refund = n % 10 === 9;
    return {
      userId: owner.id,
      uid: owner.uid,
      source: "stripe" as const,
      eventId: `evt_e2e_long_history_${n}`,
      eventType: refund ? "refund.created" : "payment.succeeded",
      product: refund ? `LinkedIn Lite refund ${n + 1}` : `LinkedIn Plus renewal ${n + 1}`,
      amountCents: refund ? 9800 : 13400,
      currency: "USD",
      amountActual: refund ? "98.00" : "134.00",
      createdTime: new Date(newest - Math.min(n, LONG_HISTORY_LENGTH - 6) * 86_400_000),
    };
  });
}
