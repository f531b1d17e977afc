import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function ProfileOptimizationPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Profile Optimization Requests"
        description="The profiles you asked us to optimize, with their criteria."
      />
      <PlaceholderPanel />
    </div>
  );
}
