/**
 * The first paint of a signed-in first screen's page (decision 056): the layout's frame and the
 * page's heading in the HTML itself (src/client/app/layout/first-paint-shell.ts), and the script
 * that gives them the user's theme before the browser paints them.
 */

/**
 * Puts the theme class on `<html>` as `applyThemeClass(resolveTheme(readStoredTheme() ?? "system"))`
 * in src/client/main.tsx does, before the first paint: without it a dark theme's user would see the
 * first paint light, then dark. A classic script from a file of its own, since the content security
 * policy allows no inline script, and named before the stylesheet, so that it waits for nothing.
 */
export const FIRST_PAINT_THEME_SOURCE = `(() => {
  let theme = null;
  try {
    theme = localStorage.getItem("vite-ui-theme");
  } catch {}
  if (theme !== "light" && theme !== "dark") {
    theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.classList.remove("light", "dark");
  document.documentElement.classList.add(theme);
})();
`;

/** The name the build gives the theme script's file under assets/, before its hash. */
export const FIRST_PAINT_THEME_NAME = "first-paint-theme.js";

const NOSCRIPT = /[ \t]*<noscript>[\s\S]*?<\/noscript>\n?/;
const ROOT = '<div id="root"></div>';

/**
 * The page with its first paint: the theme script before the page's first script, the first paint
 * before #root, and the page's `<noscript>` note inside the first paint, which covers the page until
 * the app takes it away. `shell` makes the first paint's markup around the note it is given.
 */
export function withFirstPaint(
  html: string,
  { shell, themeSrc }: { shell: (noscript: string) => string; themeSrc: string },
): string {
  const at = html.indexOf("<script");
  if (at < 0) throw new Error("first paint: the page has no script to put the theme's before");
  if (!html.includes(ROOT)) throw new Error(`first paint: the page has no ${ROOT}`);
  const noscript = NOSCRIPT.exec(html)?.[0].trim() ?? "";
  const lineStart = html.lastIndexOf("\n", at) + 1;
  const indent = html.slice(lineStart, at);
  const withTheme = `${html.slice(0, at)}<script src="${themeSrc}"></script>\n${indent}${html.slice(at)}`;
  // Replaced by functions: a message may hold a "$", which a replacement string would read.
  return withTheme.replace(NOSCRIPT, () => "").replace(ROOT, () => `${shell(noscript)}\n    ${ROOT}`);
}
