/** What the optimization screen shows instead of the cards: loading, none at all, none matching. */
import { FilterX, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";

function Panel({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      {children}
    </div>
  );
}

export function OptimizationsLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading your optimization requests" />
    </div>
  );
}

export function NoOptimizations() {
  return (
    <Panel icon={<Sparkles aria-hidden="true" className="size-5" />}>
      <p className="font-medium">You have no profile optimization requests yet</p>
      <p className="max-w-md text-sm text-muted-foreground">
        Use New Request to tell us which profiles to optimize; your requests and their progress appear here.
      </p>
    </Panel>
  );
}

export function NoMatchingOptimizations({ onClear }: { onClear: () => void }) {
  return (
    <Panel icon={<FilterX aria-hidden="true" className="size-5" />}>
      <p className="font-medium">No optimization requests match your search and filters</p>
      <Button variant="outline" onClick={onClear}>
        Clear filters
      </Button>
    </Panel>
  );
}
