/**
 * Brings a section of the page into view and moves focus to it, as a button that leads to it must
 * ("View cart" on a phone). Smoothly, unless the user asked for reduced motion. Chromium drops a
 * smooth scroll that something else on the page interrupts (seen once in the shop's browser test:
 * the page stayed at the top), so a moment later a section still out of view is jumped to.
 */
export const REVEAL_CHECK_MS = 1_000;

export function revealSection(target: HTMLElement): void {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  target.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
  target.focus({ preventScroll: true });
  if (reduced) return;
  window.setTimeout(() => {
    const { top, bottom } = target.getBoundingClientRect();
    if (bottom <= 0 || top >= window.innerHeight) target.scrollIntoView({ block: "start" });
  }, REVEAL_CHECK_MS);
}
