import { useLingui } from "@lingui/react/macro";
import { FilterX } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./ui/button";

/**
 * What a list shows when it has nothing to show: none at all, none matching the search, or none for
 * someone signed out. An icon, a heading, a sentence, and the action that gets the list going.
 */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  /** A lucide icon, decorative. */
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-5">
        {icon}
      </span>
      <h2 className="font-medium">{title}</h2>
      {children ? <p className="max-w-md text-sm text-muted-foreground">{children}</p> : null}
      {action}
    </div>
  );
}

/** A list whose search and filters leave nothing: says so, and offers to clear them. */
export function NoMatches({
  title,
  clearLabel,
  onClear,
}: {
  title: string;
  clearLabel?: string;
  onClear: () => void;
}) {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={<FilterX aria-hidden="true" />}
      title={title}
      action={
        <Button variant="outline" onClick={onClear}>
          {clearLabel ?? t({ id: "common.clear-filters", message: "Clear filters" })}
        </Button>
      }
    />
  );
}
