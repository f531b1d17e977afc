import { FIRST_PAINT_ID } from "./layout/first-paint-shell";

/** The loading screen's blank first moment (loading-screen.tsx), which shows nothing. */
const QUIET_LOADING = "[data-loading-quiet]";

/**
 * Keeps the page's first paint (decision 056), if it has one, until the app shows something in
 * `root` other than the loading screen's blank first moment, and takes it away in that frame: a
 * mutation observer's callback runs after React's commit and before the browser paints, so the
 * first paint never gives way to a blank page, and never stands over the screen or the sign-in
 * page. Once the loading screen shows its spinner (after its quiet moment), that counts as
 * something shown.
 */
export function keepFirstPaint(root: HTMLElement): void {
  const firstPaint = document.getElementById(FIRST_PAINT_ID);
  if (!firstPaint) return;
  const observer = new MutationObserver(() => {
    if (root.childElementCount === 0 || root.querySelector(QUIET_LOADING)) return;
    firstPaint.remove();
    observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true });
}
