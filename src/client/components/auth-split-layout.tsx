import { useLingui } from "@lingui/react/macro";
import { lazy, type ReactNode, Suspense } from "react";
import { useMediaQuery } from "../lib/use-media-query";
import { BrandMark } from "./brand-mark";
import { LanguageSwitch } from "./language-switch";

// The pitch is decoration, large screens only, so it stays out of the first-load bundle; a large
// screen requests it on the first render and fills it in a moment later, a phone never does.
const BrandShowcase = lazy(async () => ({ default: (await import("./brand-showcase")).BrandShowcase }));

/** Tailwind's lg breakpoint, from which the pitch shows. */
const WIDE = "(min-width: 64rem)";

/**
 * The two-column frame of the signed-out screens and of the loading screen: the task on the left,
 * the product pitch on the right from the lg breakpoint up.
 */
export function AuthSplitLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const wide = useMediaQuery(WIDE);
  return (
    <div className="grid min-h-svh lg:grid-cols-2">
      {/* As tall as the window, not as the pitch beside it: the pitch loads after the form, and a
          form centred in a column that then grew moved down under a click aimed at it. */}
      <main className="flex min-h-svh flex-col gap-8 p-6 md:p-10 lg:self-start">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <BrandMark />
          <LanguageSwitch />
        </div>
        <div className="flex flex-1 items-center justify-center">
          <div className="w-full max-w-sm">{children}</div>
        </div>
      </main>
      <aside
        aria-label={t({ id: "auth-layout.about", message: "About the portal" })}
        className="relative hidden overflow-hidden bg-slate-950 text-white lg:flex lg:items-center lg:justify-center lg:p-12"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(59,130,246,0.28),transparent_55%),radial-gradient(circle_at_80%_90%,rgba(99,102,241,0.22),transparent_50%)]"
        />
        <div className="relative">
          {wide ? (
            <Suspense fallback={null}>
              <BrandShowcase />
            </Suspense>
          ) : null}
        </div>
      </aside>
    </div>
  );
}
