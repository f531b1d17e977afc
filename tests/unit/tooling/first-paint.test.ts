/**
 * Decision 056: a signed-in first screen's page paints the layout's frame and the page's heading
 * from its HTML, in the user's theme, before the portal's script runs.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIRST_PAINT_THEME_SOURCE, withFirstPaint } from "../../../scripts/build/first-paint";
import { plainMessage } from "../../../scripts/build/first-screen-preloads";
import { firstPaintShell } from "../../../src/client/app/layout/first-paint-shell";
import {
  DEFAULT_THEME,
  readStoredTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
} from "../../../src/client/app/providers/theme-provider";

/** Runs the theme script as a page would, with what the browser stored and its colour scheme. */
function themeAfterScript(stored: string | null | Error, osDark: boolean): string[] {
  const classes = new Set(["light"]);
  const storage = {
    getItem(key: string) {
      if (stored instanceof Error) throw stored;
      return key === THEME_STORAGE_KEY ? stored : null;
    },
  };
  const page = {
    documentElement: {
      classList: {
        remove: (...names: string[]) => {
          for (const name of names) classes.delete(name);
        },
        add: (name: string) => classes.add(name),
      },
    },
  };
  const matchMedia = (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && osDark });
  new Function("document", "localStorage", "matchMedia", FIRST_PAINT_THEME_SOURCE)(page, storage, matchMedia);
  return [...classes];
}

describe("the first paint's theme script", () => {
  it("applies a stored choice whatever the system's scheme", () => {
    expect(themeAfterScript("dark", false)).toEqual(["dark"]);
    expect(themeAfterScript("light", true)).toEqual(["light"]);
  });

  it("follows the system's scheme for the system choice, no choice, or one it does not know", () => {
    expect(themeAfterScript("system", true)).toEqual(["dark"]);
    expect(themeAfterScript(null, false)).toEqual(["light"]);
    expect(themeAfterScript("purple", true)).toEqual(["dark"]);
  });

  it("still paints when the browser refuses the page its storage", () => {
    expect(themeAfterScript(new Error("SecurityError"), true)).toEqual(["dark"]);
  });

  // The script runs before any of the portal's code, so it repeats the theme provider's rule: each
  // case checks that the two choose alike, so that a change to one fails until the other follows.
  describe("chooses as main.tsx does", () => {
    afterEach(() => vi.unstubAllGlobals());
    const cases: [stored: string | null | Error, osDark: boolean][] = [
      ["dark", false],
      ["light", true],
      ["system", true],
      ["system", false],
      [null, true],
      [null, false],
      ["purple", true],
      [new Error("SecurityError"), true],
    ];
    it.each(cases)("with %s stored, the system dark: %s", (stored, osDark) => {
      vi.stubGlobal("window", {
        localStorage: {
          getItem: (key: string) => {
            if (stored instanceof Error) throw stored;
            return key === THEME_STORAGE_KEY ? stored : null;
          },
        },
        matchMedia: (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && osDark }),
      });
      expect(themeAfterScript(stored, osDark)).toEqual([resolveTheme(readStoredTheme() ?? DEFAULT_THEME)]);
    });
  });
});

const PAGE = [
  "<!doctype html>",
  '<html lang="en">',
  "  <head>",
  "    <title>Customer Portal</title>",
  '    <script src="/assets/locale-warm-up-abc.js" async></script>',
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
  "  </head>",
  "  <body>",
  '    <div id="root"></div>',
  "    <noscript>",
  "      <p>Needs JavaScript.</p>",
  "    </noscript>",
  "  </body>",
  "</html>",
].join("\n");

describe("a page with its first paint", () => {
  const page = withFirstPaint(PAGE, {
    shell: (noscript) => `<div id="first-paint">$&${noscript}</div>`,
    themeSrc: "/assets/first-paint-theme-abc.js",
  });

  it("runs the theme script before any other script, without waiting for anything", () => {
    expect(page).toContain(
      '    <script src="/assets/first-paint-theme-abc.js"></script>\n    <script src="/assets/locale-warm-up-abc.js" async>',
    );
  });

  it("puts the first paint before #root, with the page's note for a browser without JavaScript in it", () => {
    expect(page).toContain(
      '<body>\n    <div id="first-paint">$&<noscript>\n      <p>Needs JavaScript.</p>\n    </noscript></div>\n    <div id="root"></div>\n  </body>',
    );
    expect(page.match(/<noscript>/g)).toHaveLength(1);
  });

  it("fails the build for a page without #root or without a script", () => {
    const shell = { shell: () => "", themeSrc: "/t.js" };
    expect(() => withFirstPaint(PAGE.replace('<div id="root"></div>', ""), shell)).toThrow(/#root|root/);
    expect(() => withFirstPaint(PAGE.replace(/<script[^\n]*\n/g, ""), shell)).toThrow(/script/);
  });
});

describe("the first paint's markup", () => {
  it("writes the heading and the description as text, never as markup", () => {
    const markup = firstPaintShell({
      title: "Konten & <Anfragen>",
      description: 'Sagen Sie "Hallo"',
      productName: "Customer Portal",
    });
    expect(markup).toContain(
      '<h1 class="text-2xl font-semibold tracking-tight">Konten &#38; &#60;Anfragen&#62;</h1>',
    );
    expect(markup).toContain("Sagen Sie &#34;Hallo&#34;");
    expect(markup).not.toMatch(/<a |<button|tabindex/);
  });
});

describe("a message for the first paint", () => {
  it("is the text of a compiled message without placeholders", () => {
    expect(plainMessage({ a: "Dashboard", b: ["Ihre ", "Konten"] }, "a")).toBe("Dashboard");
    expect(plainMessage({ a: "Dashboard", b: ["Ihre ", "Konten"] }, "b")).toBe("Ihre Konten");
  });

  it("fails the build for a message the catalogue does not have, or one with placeholders", () => {
    expect(() => plainMessage({}, "dashboard.title")).toThrow(/dashboard\.title/);
    expect(() => plainMessage({ a: ["Hallo ", ["name"]] }, "a")).toThrow(/placeholders/);
  });
});
