import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function TransactionsPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Transaction History" description="Your payments, refunds and invoices." />
      <PlaceholderPanel />
    </div>
  );
}
