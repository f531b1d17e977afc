import { useLingui } from "@lingui/react/macro";

/**
 * A spinning ring that screen readers announce by its label. `className` replaces the default size.
 * Pure CSS and plain class strings: the loading screen uses it, and the first-load bundle does
 * without lucide and tailwind-merge.
 */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useLingui();
  const name = label ?? t({ id: "common.loading", message: "Loading" });
  return (
    <span role="status" aria-label={name} className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={`animate-spin rounded-full border-[3px] border-primary/25 border-t-primary ${className ?? "size-6"}`}
      />
      <span className="sr-only">{name}</span>
    </span>
  );
}
