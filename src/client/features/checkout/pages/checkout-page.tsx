import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function CheckoutPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Checkout" description="Review your order before paying." />
      <PlaceholderPanel />
    </div>
  );
}
