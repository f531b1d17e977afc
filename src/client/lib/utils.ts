import { type ClassValue, clsx } from "clsx";

let merge: ((classes: string) => string) | undefined;
let merging: Promise<void> | undefined;

/**
 * Joins class names and, once tailwind-merge is in (`loadClassMerge`), lets a later Tailwind utility
 * override an earlier one (shadcn's `cn`). Every screen but the sign-in page waits for it before it
 * renders (app/routes/lazy-screen.ts), so the sign-in page's first load goes without its 9 KB: the
 * components on that page pass no class that overrides another, and a unit test checks it.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  return merge ? merge(joined) : joined;
}

/** Loads tailwind-merge for `cn` (once); a failed load is tried again next time. */
export function loadClassMerge(): Promise<void> {
  merging ??= import("tailwind-merge").then(
    ({ twMerge }) => {
      // tailwind-merge builds its class map on its first call, a long task: done now, while the
      // screen's other chunks are still on their way, rather than in the screen's first render.
      twMerge("");
      merge = twMerge;
    },
    (error: unknown) => {
      merging = undefined;
      throw error;
    },
  );
  return merging;
}
