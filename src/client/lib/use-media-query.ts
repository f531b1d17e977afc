import { useSyncExternalStore } from "react";

/** Whether the viewport matches a media query now; false where there are no media queries. */
export function matchesMedia(query: string): boolean {
  return globalThis.matchMedia?.(query).matches ?? false;
}

/** Whether the viewport matches a media query, re-rendering when that changes (a resize, a rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = globalThis.matchMedia?.(query);
      media?.addEventListener("change", onChange);
      return () => media?.removeEventListener("change", onChange);
    },
    () => matchesMedia(query),
  );
}
