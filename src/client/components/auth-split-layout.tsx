import { lazy, type ReactNode, Suspense } from "react";
import { BrandMark } from "./brand-mark";

// The pitch is decoration, large screens only, so it stays out of the first-load bundle; it is
// requested on the first render and fills in a moment later.
const BrandShowcase = lazy(async () => ({ default: (await import("./brand-showcase")).BrandShowcase }));

/**
 * The two-column frame of the signed-out screens and of the loading screen: the task on the left,
 * the product pitch on the right from the lg breakpoint up.
 */
export function AuthSplitLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-svh lg:grid-cols-2">
      <main className="flex flex-col gap-8 p-6 md:p-10">
        <BrandMark />
        <div className="flex flex-1 items-center justify-center">
          <div className="w-full max-w-sm">{children}</div>
        </div>
      </main>
      <aside
        aria-label="About the portal"
        className="relative hidden overflow-hidden bg-slate-950 text-white lg:flex lg:items-center lg:justify-center lg:p-12"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(59,130,246,0.28),transparent_55%),radial-gradient(circle_at_80%_90%,rgba(99,102,241,0.22),transparent_50%)]"
        />
        <div className="relative">
          <Suspense fallback={null}>
            <BrandShowcase />
          </Suspense>
        </div>
      </aside>
    </div>
  );
}
