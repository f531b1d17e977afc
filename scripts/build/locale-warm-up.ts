/**
 * The script a signed-in first screen's page starts with (decision 055). A browser loads a locale's
 * data the first time the page formats with `Intl`: tens of milliseconds of a phone's main thread,
 * which would otherwise fall in the middle of the screen's first render, after its first paint. The
 * page runs it while the portal's own script is still downloading and the main thread is idle, so
 * the screen's first dates and amounts find the data loaded. It reads the locale as
 * `formattingLocale` in src/client/lib/format.ts does, and runs as a classic script (`async`) from a
 * file of its own, since the content security policy allows no inline script.
 */
export const LOCALE_WARM_UP_SOURCE = `(() => {
  const language = document.documentElement.lang.toLowerCase().split("-")[0] || "en";
  const locale = (navigator.languages || []).find((tag) => tag.toLowerCase().split("-")[0] === language) || language;
  try {
    new Intl.NumberFormat(locale).format(0);
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(0);
  } catch {}
})();
`;

/** The name the build gives the script's file under assets/, before its hash. */
export const LOCALE_WARM_UP_NAME = "locale-warm-up.js";

/** A page that starts the script: named before the page's first script, so it is asked for first. */
export function withLocaleWarmUp(html: string, src: string): string {
  const at = html.indexOf("<script");
  if (at < 0) throw new Error("locale warm-up: the page has no script to put it before");
  const lineStart = html.lastIndexOf("\n", at) + 1;
  const indent = html.slice(lineStart, at);
  return `${html.slice(0, at)}<script src="${src}" async></script>\n${indent}${html.slice(at)}`;
}
