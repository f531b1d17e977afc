import type { ReactNode } from "react";
import { PRODUCT_NAME } from "./brand-mark";

/** A page's heading, its short description and the browser tab title. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      {/* React 19 hoists <title> into <head>, so each page names the tab it is in. */}
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}
