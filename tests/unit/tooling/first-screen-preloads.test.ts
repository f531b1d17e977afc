/**
 * Decision 013: the build writes, for each path whose first screen it knows, a copy of index.html
 * naming that screen's chunks and what they import, without what the entry already loads. Checked
 * on a small bundle laid out like the app's.
 */
import { readFileSync } from "node:fs";
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import {
  compiledMessages,
  firstScreenChunks,
  firstScreenFile,
  firstScreenMessages,
  inLanguage,
  languagePageFile,
  withPreloads,
} from "../../../scripts/build/first-screen-preloads";

const root = "/app/src/client";

function chunk(fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) {
  return { type: "chunk", fileName, moduleIds, imports, isEntry } as unknown as Rollup.OutputChunk;
}

const bundle: Rollup.OutputBundle = {
  "assets/index.js": chunk("assets/index.js", [`${root}/main.tsx`], ["assets/icons.js"], true),
  "assets/icons.js": chunk("assets/icons.js", ["/app/node_modules/lucide-react/dist/esm/icons/x.mjs"]),
  "assets/shared.js": chunk("assets/shared.js", [`${root}/app/layout/app-layout.tsx`], ["assets/icons.js"]),
  "assets/dashboard.js": chunk(
    "assets/dashboard.js",
    [`${root}/features/dashboard/pages/dashboard-page.tsx`, `${root}/features/dashboard/api/prefetch.ts`],
    ["assets/shared.js", "assets/signed-in-icons.js"],
  ),
  "assets/signed-in-icons.js": chunk("assets/signed-in-icons.js", [
    "/app/node_modules/lucide-react/dist/esm/icons/y.mjs",
  ]),
  "assets/bundle-mjs.js": chunk("assets/bundle-mjs.js", [
    "/app/node_modules/tailwind-merge/dist/bundle-mjs.mjs",
  ]),
  "index.html": { type: "asset", fileName: "index.html", source: "" } as unknown as Rollup.OutputAsset,
};

describe("first-screen preloads", () => {
  it("names each path's chunks after the chunks they import, without what the entry loads", () => {
    const preloads = firstScreenChunks(
      bundle,
      {
        "/dashboard": [
          "app/layout/app-layout.tsx",
          "tailwind-merge",
          "features/dashboard/pages/dashboard-page.tsx",
          "features/dashboard/api/prefetch.ts",
        ],
      },
      root,
    );
    expect(preloads.get("/dashboard")).toEqual([
      "assets/shared.js",
      "assets/bundle-mjs.js",
      "assets/signed-in-icons.js",
      "assets/dashboard.js",
    ]);
  });

  it("fails the build when a module of the table is in no chunk", () => {
    expect(() =>
      firstScreenChunks(bundle, { "/orders": ["features/shop/pages/orders-page.tsx"] }, root),
    ).toThrow(/no chunk holds features\/shop\/pages\/orders-page\.tsx/);
    expect(() => firstScreenChunks(bundle, { "/orders": ["left-pad"] }, root)).toThrow(/left-pad/);
  });

  it("adds the requests' preloads, then one module preload per chunk, at the end of the head", () => {
    const html = "<html>\n  <head>\n    <title>Portal</title>\n  </head>\n  <body></body>\n</html>\n";
    expect(withPreloads(html, { files: ["assets/a.js", "assets/b.js"], requests: ["/api/config"] })).toBe(
      "<html>\n  <head>\n    <title>Portal</title>\n" +
        '    <link rel="preload" href="/api/config" as="fetch" crossorigin="use-credentials">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/b.js">\n' +
        "  </head>\n  <body></body>\n</html>\n",
    );
    expect(withPreloads(html, { files: [] })).toBe(html);
    expect(() => withPreloads("<p>no head</p>", { files: [] })).toThrow(/no <\/head>/);
  });

  it("writes a path's page in each language where the server looks for it", () => {
    expect(firstScreenFile("de", "/dashboard")).toBe("first-screens/de/dashboard.html");
    expect(firstScreenFile("en", "/accounts/linkedin")).toBe("first-screens/en/accounts/linkedin.html");
    expect(languagePageFile("de")).toBe("first-screens/de.html");
  });

  it("reads the messages of a compiled catalogue, as lingui compile writes it", () => {
    const messages = { "login.title": ["Anmelden"], "x.count": [["n", "plural", { one: ["1 Konto"] }]] };
    const source = `/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))}) as Messages;`;
    expect(compiledMessages(source)).toEqual(messages);
    expect(
      compiledMessages(readFileSync("src/shared/i18n/locales/de/public.ts", "utf8"))["login.title"],
    ).toEqual(["Anmelden"]);
    expect(() => compiledMessages("export const messages = {}")).toThrow(/JSON.parse/);
  });

  it("says the language in <html lang> and carries its messages in a block no message can end", () => {
    const html = '<html lang="en">\n  <head>\n    <title>Portal</title>\n  </head>\n</html>\n';
    const page = inLanguage(html, "de", { a: ["</script><script>alert(1)</script>"], b: ["$& $1 5 $"] });
    expect(page).toBe(
      '<html lang="de">\n  <head>\n    <title>Portal</title>\n' +
        '    <script type="application/json" id="catalogue" data-language="de" data-audiences="public">' +
        '{"a":["\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"],"b":["$& $1 5 $"]}</script>\n' +
        "  </head>\n</html>\n",
    );
    const block = /<script[^>]*>(.*)<\/script>/.exec(page)?.[1] ?? "";
    expect(JSON.parse(block)).toEqual({ a: ["</script><script>alert(1)</script>"], b: ["$& $1 5 $"] });
    expect(() => inLanguage("<html><head></head></html>", "de", {})).toThrow(/<html lang>/);
  });

  it("says which audiences the page carries whole, and of which it carries the first screen's share", () => {
    const html = '<html lang="en">\n  <head>\n  </head>\n</html>\n';
    expect(inLanguage(html, "en", {}, ["public"], ["signed-in", "admin"])).toContain(
      'data-audiences="public" data-first-screen="signed-in admin">{}</script>',
    );
    expect(inLanguage(html, "en", {})).not.toContain("data-first-screen");
  });
});

describe("the messages a first screen can show", () => {
  /** A chunk with code, its static and its lazy imports. */
  function coded(
    fileName: string,
    moduleId: string,
    code: string,
    imports: string[] = [],
    lazy: string[] = [],
  ) {
    return {
      type: "chunk",
      fileName,
      moduleIds: [`${root}/${moduleId}`],
      code,
      imports,
      dynamicImports: lazy,
      isEntry: fileName === "assets/index.js",
    } as unknown as Rollup.OutputChunk;
  }
  const app: Rollup.OutputBundle = {
    "assets/index.js": coded(
      "assets/index.js",
      "main.tsx",
      'x({id:"entry.title"})',
      [],
      ["assets/layout.js", "assets/dashboard.js", "assets/settings.js", "assets/menu.js"],
    ),
    "assets/layout.js": coded("assets/layout.js", "app/layout/app-layout.tsx", 'x({id:"layout.skip"})', [
      "assets/words.js",
    ]),
    "assets/words.js": coded("assets/words.js", "shared/words.ts", "const w={a:{id:'words.status'}}"),
    "assets/dashboard.js": coded(
      "assets/dashboard.js",
      "features/dashboard/pages/dashboard-page.tsx",
      'x({id:"dashboard.title"});y(`dashboard.hint`)',
      ["assets/layout.js"],
      ["assets/dialog.js"],
    ),
    "assets/dialog.js": coded(
      "assets/dialog.js",
      "features/dashboard/components/dialog.tsx",
      'x({id:"dialog.title"})',
    ),
    "assets/settings.js": coded(
      "assets/settings.js",
      "features/settings/pages/settings-page.tsx",
      'x({id:"settings.title"})',
    ),
    "assets/menu.js": coded("assets/menu.js", "app/layout/mobile-menu-sheet.tsx", 'x({id:"layout.menu"})'),
  };
  const catalogue = Object.fromEntries(
    [
      "entry.title",
      "layout.skip",
      "words.status",
      "dashboard.title",
      "dashboard.hint",
      "dialog.title",
      "settings.title",
      "layout.menu",
      "dashboard.title.long",
      "dashboard",
    ].map((id) => [id, [id]]),
  );

  it("are those whose id the screen's chunks write, what they import and what they load later", () => {
    const messages = firstScreenMessages(
      app,
      ["app/layout/app-layout.tsx", "features/dashboard/pages/dashboard-page.tsx"],
      root,
      catalogue,
    );
    expect(Object.keys(messages).sort()).toEqual([
      "dashboard.hint",
      "dashboard.title",
      "dialog.title",
      "layout.skip",
      "words.status",
    ]);
    expect(messages["dashboard.title"]).toEqual(["dashboard.title"]);
  });

  it("leave out the other screens the entry loads, unless they are named too", () => {
    const withMenu = firstScreenMessages(
      app,
      ["features/dashboard/pages/dashboard-page.tsx", "app/layout/mobile-menu-sheet.tsx"],
      root,
      catalogue,
    );
    expect(withMenu).toHaveProperty(["layout.menu"]);
    expect(withMenu).not.toHaveProperty(["settings.title"]);
    expect(withMenu).not.toHaveProperty(["entry.title"]);
    expect(() => firstScreenMessages(app, ["features/shop/pages/orders-page.tsx"], root, catalogue)).toThrow(
      /no chunk holds/,
    );
  });
});
