import { type RefCallback, useLayoutEffect, useState } from "react";

/**
 * An element's width in CSS pixels, kept up to date as it resizes; null until it is measured, which
 * happens before the first paint.
 */
export function useElementWidth<T extends HTMLElement>(): [RefCallback<T>, number | null] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
