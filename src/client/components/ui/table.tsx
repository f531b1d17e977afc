import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/**
 * A table in its own scrolling box, so a wide or long one never makes the page scroll. The box is a
 * region named by `scrollLabel` and takes keyboard focus, so someone without a mouse can scroll it with
 * the arrow keys (a scrollable region with nothing focusable inside is otherwise out of reach). It is
 * positioned so that screen-reader-only text inside (absolutely placed) is clipped with the rest
 * instead of widening the page.
 */
export function Table({
  scrollLabel,
  containerClassName,
  className,
  ...props
}: ComponentProps<"table"> & {
  /** The scrolling box's accessible name, e.g. "LinkedIn accounts table". */
  scrollLabel: string;
  containerClassName?: string;
}) {
  return (
    <section
      data-slot="table-container"
      aria-label={scrollLabel}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "relative overflow-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        containerClassName,
      )}
    >
      <table data-slot="table" className={cn("w-full text-left text-sm", className)} {...props} />
    </section>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("mt-4 caption-bottom text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return (
    <thead
      data-slot="table-header"
      className={cn("bg-muted text-xs text-muted-foreground uppercase", className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("divide-y", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr data-slot="table-row" className={className} {...props} />;
}

/** A column's heading; `scope` defaults to "col", which is what every heading row here is. */
export function TableHead({ className, scope = "col", ...props }: ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn("px-3 py-2 font-medium whitespace-nowrap", className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td data-slot="table-cell" className={cn("px-3 py-2", className)} {...props} />;
}
