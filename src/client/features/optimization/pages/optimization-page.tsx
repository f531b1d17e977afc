import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function OptimizationPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Profile Optimization"
        description="Your profile optimization requests and their progress."
      />
      <PlaceholderPanel />
    </div>
  );
}
