/**
 * Billing's face to the other features: the ledger's amounts and writes the sync needs, the rule the
 * customer's lists leave out a checkout's first invoice by, and what the development portal's test
 * invoices show. Its routes (the transactions, plans and the payment provider's webhook) are wired in
 * by app.ts.
 */
export { centsOfAmountText, currencyCode } from "./ledger/amounts";
export { firstInvoiceOfCheckout } from "./ledger/first-invoice";
export { storeBaseTransactions } from "./ledger/ledger-writes";
export { FAILED_EVENT_TYPE, PAID_EVENT_TYPE } from "./ledger/pay-now";
export { type Receipt, receiptOf } from "./ledger/receipt-lines";
