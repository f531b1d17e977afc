import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/**
 * A grey block in the shape of content still loading. It is decoration: the container that holds
 * skeletons says what is loading (a role="status" with a label).
 */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
