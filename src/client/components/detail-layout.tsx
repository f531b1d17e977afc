/** The pieces an expanded card is made of (optimization requests): titled sections of label and value pairs. */
import { type ReactNode, useId } from "react";
import { formatCount } from "../lib/format";
import { cn } from "../lib/utils";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-2">
      <h3 id={titleId} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A label above its value on a phone, beside it from the small breakpoint up. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-1.5 text-sm sm:grid-cols-[minmax(8rem,35%)_1fr] sm:gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A value from the base, or a dash when it has none. */
export function text(value: string | number | null): ReactNode {
  if (value === null || value === "") return <span className="text-muted-foreground">—</span>;
  return typeof value === "number" ? formatCount(value) : value;
}

/** Text the customer wrote over several lines (the about section, experience): its line breaks kept. */
export function LongText({ value, className }: { value: string | null; className?: string }) {
  if (!value) return text(null);
  return <p className={cn("whitespace-pre-line [overflow-wrap:anywhere]", className)}>{value}</p>;
}
