import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function DashboardPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" description="An overview of your accounts, orders and recent activity." />
      <PlaceholderPanel />
    </div>
  );
}
