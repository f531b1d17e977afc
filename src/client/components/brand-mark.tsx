export const PRODUCT_NAME = "Customer Portal";

/**
 * The product's logo and name, as the sidebar and the signed-out screens show them. The logo is
 * lucide's "network" drawn inline, and classes are plain strings rather than cn(): this is part of
 * the first-load bundle, which does without lucide and tailwind-merge.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={`flex items-center gap-2.5 font-semibold tracking-tight ${className ?? ""}`}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-4.5"
        >
          <rect x="16" y="16" width="6" height="6" rx="1" />
          <rect x="2" y="16" width="6" height="6" rx="1" />
          <rect x="9" y="2" width="6" height="6" rx="1" />
          <path d="M5 16v-3a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v3M12 12V8" />
        </svg>
      </span>
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
