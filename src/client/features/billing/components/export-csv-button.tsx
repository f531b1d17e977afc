import { Download, LoaderCircle } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useDownloadTransactionsCsv } from "../api/export-transactions";
import type { TransactionFilters } from "./transaction-format";

function exportFailed(error: Error) {
  toast({
    variant: "destructive",
    title: "Export Failed",
    description: failureText(error, "Your transactions could not be exported"),
  });
}

/** Downloads, as CSV, every transaction the current search and filter match (not only those listed). */
export function ExportCsvButton({ filters }: { filters: TransactionFilters }) {
  const download = useDownloadTransactionsCsv({ onError: exportFailed });
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
      Export CSV
    </Button>
  );
}
