/** What the requests screen shows instead of the cards: skeletons while loading, none, none matching. */
import { ClipboardList, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";

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

function Bone({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-md bg-muted motion-reduce:animate-none ${className}`} />;
}

/** Cards in the shape of the real ones, so the page does not jump when they arrive. */
export function RequestsSkeleton() {
  return (
    <div role="status" aria-label="Loading profile optimizations" className="space-y-4">
      <span className="sr-only">Loading profile optimizations</span>
      {[0, 1, 2].map((n) => (
        <div key={n} aria-hidden="true" className="space-y-4 rounded-xl border bg-card p-4 sm:p-5">
          <div className="flex items-center justify-between gap-3">
            <Bone className="h-5 w-48 max-w-[60%]" />
            <Bone className="h-8 w-24" />
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            {[0, 1, 2, 3].map((line) => (
              <Bone key={line} className="h-4 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export function NoRequests() {
  return (
    <Panel icon={<ClipboardList aria-hidden="true" className="size-5" />}>
      <p className="font-medium">No profile optimization requests yet</p>
      <p className="max-w-md text-sm text-muted-foreground">
        The requests you send us appear here with the criteria you gave for each profile.
      </p>
    </Panel>
  );
}

export function NoMatchingRequests({ onClear }: { onClear: () => void }) {
  return (
    <Panel icon={<SearchX aria-hidden="true" className="size-5" />}>
      <p className="font-medium">No requests match your search</p>
      <Button variant="outline" onClick={onClear}>
        Clear search
      </Button>
    </Panel>
  );
}
