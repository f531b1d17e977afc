/**
 * An order's lines, discount line and total as a server-rendered HTML table, in the wording every
 * page of the portal uses (src/shared/shop/order-summary.ts): the local test checkout shows it, and so
 * can a local receipt page, so that they say what the checkout review and the success page say.
 */
import {
  formatSignedCents,
  orderSummaryRows,
  type SummarisedOrder,
} from "../../../shared/shop/order-summary";
import { escapeHtml } from "../../platform/http/escape-html";

/** The CSS the table needs, to put in the page's style element. */
export const ORDER_LINES_STYLE = `table.order-lines{width:100%;border-collapse:collapse;margin-bottom:1rem}
.order-lines th,.order-lines td{padding:.4rem 0;text-align:left;vertical-align:top}
.order-lines td.n,.order-lines th.n{text-align:right;white-space:nowrap;padding-left:1rem}
.order-lines .detail{display:block;font-size:.8125rem;font-weight:400;color:#71717a}
.order-lines tfoot th,.order-lines tfoot td{border-top:1px solid #e4e4e7}
.order-lines tr.discount th,.order-lines tr.discount td{color:#15803d}
.order-lines tr.total th,.order-lines tr.total td{font-weight:600}
@media (prefers-color-scheme:dark){.order-lines tr.discount th,.order-lines tr.discount td{color:#4ade80}.order-lines .detail{color:#a1a1aa}}`;

export function orderLinesTable(order: SummarisedOrder, caption: string): string {
  const rows = orderSummaryRows(order);
  const row = (header: string, cents: number, kind: string) =>
    `<tr class="${kind}"><th scope="row">${header}</th><td class="n">${escapeHtml(formatSignedCents(cents))}</td></tr>`;
  const body = rows
    .filter((r) => r.kind === "line")
    .map((r) =>
      row(
        `${escapeHtml(r.label)}${"detail" in r ? `<span class="detail">${escapeHtml(r.detail)}</span>` : ""}`,
        r.cents,
        r.kind,
      ),
    )
    .join("");
  const foot = rows
    .filter((r) => r.kind !== "line")
    .map((r) => row(escapeHtml(r.label), r.cents, r.kind))
    .join("");
  return `<table class="order-lines"><caption class="note">${escapeHtml(caption)}</caption><thead><tr><th scope="col">Item</th><th scope="col" class="n">Amount</th></tr></thead><tbody>${body}</tbody><tfoot>${foot}</tfoot></table>`;
}
