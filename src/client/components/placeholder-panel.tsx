import { Construction } from "lucide-react";
import type { ReactNode } from "react";

/** Stands in for a screen's content until that screen is built. */
export function PlaceholderPanel({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Construction aria-hidden="true" className="size-5" />
      </span>
      <p className="max-w-md text-sm text-muted-foreground">
        {children ?? "This section is being prepared and will appear here soon."}
      </p>
    </div>
  );
}
