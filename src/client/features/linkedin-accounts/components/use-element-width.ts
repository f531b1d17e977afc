import { type RefCallback, startTransition, useLayoutEffect, useState } from "react";

/**
 * An element's width in CSS pixels, kept up to date as it resizes; null until it is measured. The
 * first measurement is the ResizeObserver's first notice, which the browser gives after its own
 * layout: `getBoundingClientRect` in the commit would lay the whole page out there and then, in one
 * long task with React's work. The list's box has no padding, so its content box is its width.
 * What depends on the width renders as a transition, in slices: on a phone the first measurement
 * puts dozens of account cards on screen, which would otherwise be built in one block of
 * main-thread work (decision 013).
 */
export function useElementWidth<T extends HTMLElement>(): [RefCallback<T>, number | null] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) startTransition(() => setWidth(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
