import { useLingui } from "@lingui/react/macro";
import { Download, LoaderCircle } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useDownloadTransactionsCsv } from "../api/export-transactions";
import type { TransactionFilters } from "./transaction-format";

/** Downloads, as CSV, every transaction the current search and filter match (not only those listed). */
export function ExportCsvButton({ filters }: { filters: TransactionFilters }) {
  const { t } = useLingui();
  const download = useDownloadTransactionsCsv({
    onError: (error) =>
      toast({
        variant: "destructive",
        title: t({ id: "billing.export.failed-title", message: "Export Failed" }),
        description: failureText(
          error,
          t({ id: "billing.export.failed-text", message: "Your transactions could not be exported" }),
        ),
      }),
  });
  return (
    <Button
      variant="outline"
      // Stays focusable while the file comes, so focus is not lost.
      aria-disabled={download.isPending || undefined}
      onClick={() => {
        if (!download.isPending) download.mutate(filters);
      }}
    >
      {download.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {t({ id: "billing.export.button", message: "Export CSV" })}
    </Button>
  );
}
