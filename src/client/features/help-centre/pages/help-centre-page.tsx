import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function HelpCentrePage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Help Centre"
        description="Reach our support team and find answers to common questions."
      />
      <PlaceholderPanel />
    </div>
  );
}
