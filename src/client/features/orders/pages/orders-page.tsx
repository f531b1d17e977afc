import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function OrdersPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Orders" description="Choose LinkedIn account plans and add-ons, then check out." />
      <PlaceholderPanel />
    </div>
  );
}
