import { useMutation } from "@tanstack/react-query";
import type { TransactionExportQuery } from "../../../../shared/api/transactions";
import { throwIfResNotOk } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";

export const EXPORT_PATH = "/api/transactions/export.csv";
export const EXPORT_FALLBACK_FILENAME = "transactions.csv";

/**
 * The export's URL for what the page shows: the chosen event type and the product search, left out
 * when unset. The server applies them to every row, not only to the newest the page holds.
 */
export function transactionsExportUrl(filters: { eventType: string; q: string }): string {
  const query: TransactionExportQuery = {};
  if (filters.eventType !== "") query.eventType = filters.eventType;
  const q = filters.q.trim();
  if (q !== "") query.q = q;
  const params = new URLSearchParams(query).toString();
  return params === "" ? EXPORT_PATH : `${EXPORT_PATH}?${params}`;
}

/** The file name the server gave (`Content-Disposition: attachment; filename="..."`), if any. */
export function filenameOfDisposition(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Badly encoded: try the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? "").trim();
  return name === "" ? undefined : name;
}

/**
 * Downloads the CSV through fetch rather than a plain link, so that a failure (the session ended,
 * the server is down) can be told in the page instead of leaving a broken download behind.
 */
export async function downloadTransactionsCsv(filters: { eventType: string; q: string }): Promise<void> {
  const res = await fetch(transactionsExportUrl(filters), {
    credentials: "include",
    cache: "no-store",
    headers: { Accept: "text/csv" },
  });
  await throwIfResNotOk(res);
  const blob = await res.blob();
  saveBlob(filenameOfDisposition(res.headers.get("content-disposition")) ?? EXPORT_FALLBACK_FILENAME, blob);
}

export function useDownloadTransactionsCsv(callbacks: { onError: (error: Error) => void }) {
  return useMutation({ mutationFn: downloadTransactionsCsv, ...callbacks });
}
