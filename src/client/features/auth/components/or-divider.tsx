import { useLingui } from "@lingui/react/macro";

/** The "or" rule between a form and the Google button. */
export function OrDivider({ children }: { children?: string }) {
  const { t } = useLingui();
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      <span>{children ?? t({ id: "auth.or", message: "Or" })}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
    </div>
  );
}
