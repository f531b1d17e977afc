/**
 * How the billing history reads: a refund's amount as negative money, the time a payment happened, the
 * address on one card, and the event type and product filters (kept in the URL as ?eventType=&q=).
 * Pure, so the page can memoize it and the unit tests can drive it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { KNOWN_EVENT_TYPES, type Transaction } from "../../../../shared/api/transactions";
import { type PaymentKind, paymentKindOf, signedAmountCents } from "../../../../shared/billing/payment-kinds";
import { formattingLocale } from "../../../lib/format";
import { i18n } from "../../../lib/i18n/i18n";
import { formatMoney } from "../../../lib/money";
import type { UrlFilters } from "../../../lib/use-url-filters";

/**
 * A transaction's amount as it moves the customer's balance: a refund, which takes money back, with a
 * minus sign ("−$44.00", the typographic minus that reads as one), everything else as it is.
 */
export function formatSignedMoney(
  transaction: Pick<Transaction, "eventType" | "amountCents" | "currency">,
  locale?: string,
): string {
  return formatMoney(
    signedAmountCents(transaction.eventType, transaction.amountCents),
    transaction.currency,
    locale,
  );
}

/** What a payment was, in the customer's words (the catalogue's form of the shared PAYMENT_KIND_LABELS). */
export const PAYMENT_KIND_WORDS: Record<PaymentKind, MessageDescriptor> = {
  payment: msg({ id: "billing.kind.payment", message: "Payment" }),
  renewal: msg({ id: "billing.kind.renewal", message: "Renewal" }),
  failed: msg({ id: "billing.kind.failed", message: "Payment failed" }),
  refund: msg({ id: "billing.kind.refund", message: "Refund" }),
  other: msg({ id: "billing.kind.other", message: "Other" }),
};

/**
 * What an event type means to the customer, in the badge and the filter: "Payment", "Renewal",
 * "Payment failed", "Refund"; a type the portal gives no meaning keeps its code, after "Other".
 */
export function eventTypeLabel(eventType: string): string {
  const kind = paymentKindOf(eventType);
  return kind === "other"
    ? i18n._(msg({ id: "billing.event-type.other", message: `Other (${eventType})` }))
    : i18n._(PAYMENT_KIND_WORDS[kind]);
}

/** When the payment event happened, or when the portal recorded it where the source does not say. */
export function transactionTime(transaction: Pick<Transaction, "createdTime" | "createdAt">): string {
  return transaction.createdTime ?? transaction.createdAt;
}

/** The countries' names in one locale, made once per locale the page has spoken (null: not supported). */
const regionNamesByLocale = new Map<string, Intl.DisplayNames | null>();

/** A two-letter country code as the country's name in the page's language ("IE" is "Ireland"). */
export function countryName(country: string): string {
  const code = country.trim();
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  const locale = formattingLocale();
  let regionNames = regionNamesByLocale.get(locale);
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(locale, { type: "region" });
    } catch {
      regionNames = null;
    }
    regionNamesByLocale.set(locale, regionNames);
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The address as the lines of a label: street lines, postcode and city, country; empty parts left out. */
export function addressLines(
  transaction: Pick<
    Transaction,
    "addressLine1" | "addressLine2" | "addressCity" | "addressPostcode" | "addressCountry"
  >,
): string[] {
  const filled = (value: string | null) => (value ?? "").trim();
  const cityLine = [filled(transaction.addressPostcode), filled(transaction.addressCity)]
    .filter(Boolean)
    .join(" ");
  const country = filled(transaction.addressCountry);
  return [
    filled(transaction.addressLine1),
    filled(transaction.addressLine2),
    cityLine,
    country ? countryName(country) : "",
  ].filter(Boolean);
}

export type EventTone = "green" | "blue" | "red" | "yellow" | "grey";

// Spec section 4.
const EVENT_TONES: Record<(typeof KNOWN_EVENT_TYPES)[number], EventTone> = {
  "checkout.session.completed": "green",
  "payment.succeeded": "blue",
  "payment.failed": "red",
  "refund.created": "yellow",
};

export function eventTone(eventType: string | null): EventTone {
  // Own keys only: "toString" is not an event type the spec colours.
  return eventType !== null && Object.hasOwn(EVENT_TONES, eventType)
    ? EVENT_TONES[eventType as keyof typeof EVENT_TONES]
    : "grey";
}

export interface TransactionFilters {
  /** One event type as stored; "" for all. */
  eventType: string;
  /** Part of the product's name, any case; "" for all. */
  q: string;
}

export const NO_TRANSACTION_FILTERS: TransactionFilters = { eventType: "", q: "" };

export function transactionFiltersFromSearchParams(params: URLSearchParams): TransactionFilters {
  return { eventType: params.get("eventType") ?? "", q: params.get("q") ?? "" };
}

/** The URL's search params for these filters; unset ones are left out to keep the URL short. */
export function searchParamsForTransactionFilters(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.eventType !== "") params.set("eventType", filters.eventType);
  if (filters.q !== "") params.set("q", filters.q);
  return params;
}

/** How the URL holds them (lib/use-url-filters): typing replaces the history entry, a type adds one. */
export const TRANSACTION_URL_FILTERS: UrlFilters<TransactionFilters> = {
  parse: transactionFiltersFromSearchParams,
  serialize: searchParamsForTransactionFilters,
  empty: NO_TRANSACTION_FILTERS,
  typed: ["q"],
};

export function isFiltered(filters: TransactionFilters): boolean {
  return filters.eventType !== "" || filters.q.trim() !== "";
}

/**
 * The event types to filter by: those in the list, the coloured ones first in the spec's order,
 * then the others alphabetically. The chosen one stays offered even when no row has it (a link
 * from before), so the page can say nothing matches and offer to clear it.
 */
export function eventTypeOptions(
  transactions: ReadonlyArray<Pick<Transaction, "eventType">>,
  chosen = "",
): string[] {
  const present = new Set<string>();
  for (const { eventType } of transactions) if (eventType) present.add(eventType);
  if (chosen !== "") present.add(chosen);
  const known: string[] = KNOWN_EVENT_TYPES.filter((type) => present.has(type));
  const others = [...present].filter((type) => !known.includes(type)).sort();
  return [...known, ...others];
}
