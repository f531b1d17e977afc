import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function CheckoutSuccessPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Order Confirmation"
        description="The result of your payment and what happens next."
      />
      <PlaceholderPanel />
    </div>
  );
}
