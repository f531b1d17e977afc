import type { ReactNode } from "react";
import { cn } from "../../../lib/utils";

/**
 * A box that scrolls a wide or long table. It takes keyboard focus, so someone without a mouse can
 * scroll it with the arrow keys (a scrollable region with nothing focusable inside is otherwise out of reach).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "overflow-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      {children}
    </section>
  );
}
