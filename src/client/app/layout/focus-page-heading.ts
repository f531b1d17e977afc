/** How long a page chosen in the menu may take to draw its heading before focus is left alone. */
const WAIT_MS = 10_000;

/**
 * Moves focus to the main heading of the page just chosen, once that page is drawn, so that a
 * keyboard or screen reader user lands at the start of what they asked for. The layout marks `main`
 * with the path it shows (`data-page`): until it matches the address, the heading there is the old
 * page's. Someone who has already moved focus elsewhere keeps it.
 */
export function focusPageHeading(): void {
  const main = document.getElementById("main-content");
  if (!main) return;
  const focusWhenDrawn = () => {
    if (main.dataset.page !== window.location.pathname) return false;
    const heading = main.querySelector("h1");
    if (!heading) return false;
    if (document.activeElement === null || document.activeElement === document.body) {
      heading.tabIndex = -1;
      heading.focus();
    }
    return true;
  };
  if (focusWhenDrawn()) return;
  const observer = new MutationObserver(() => {
    if (focusWhenDrawn()) stop();
  });
  const timer = setTimeout(stop, WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-page"],
  });
}
