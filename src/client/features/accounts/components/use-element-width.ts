import { type RefCallback, startTransition, useLayoutEffect, useState } from "react";

/**
 * An element's width in CSS pixels, kept up to date as it resizes; null until it is measured. What
 * depends on the width renders as a transition, in slices: on a phone the first measurement puts
 * dozens of account cards on screen, which would otherwise be built in one block of main-thread
 * work (decision 013).
 */
export function useElementWidth<T extends HTMLElement>(): [RefCallback<T>, number | null] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measured = element.getBoundingClientRect().width;
    startTransition(() => setWidth(measured));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) startTransition(() => setWidth(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
