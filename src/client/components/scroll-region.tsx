import type { ReactNode } from "react";
import { cn } from "../lib/utils";

/**
 * A box that scrolls a wide or long table. It takes keyboard focus, so someone without a mouse can
 * scroll it with the arrow keys (a scrollable region with nothing focusable inside is otherwise out of reach).
 * It is positioned so that screen-reader-only text inside (absolutely placed) is clipped with the rest
 * instead of widening the page.
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
        "relative overflow-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      {children}
    </section>
  );
}
