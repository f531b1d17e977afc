/**
 * Writes, for each path of `firstScreenModules` (src/client/app/routes/first-screen-modules.ts), a
 * copy of index.html that also names the chunks of that path's first screen as module preloads:
 * `dist/client/first-screens/<language>/<path>.html`, which the server sends for that path to a
 * browser that asks for that language (decision 013). Each language also has a page for every other
 * path, `first-screens/<language>.html`. A language's pages say it in `<html lang>` and carry its
 * messages for what every screen shows, and a signed-in screen's page those of the signed-in
 * messages that its first screen can show (`firstScreenMessages`), so the first render waits for
 * no catalogue and the page carries no message of another screen (decision 052).
 *
 * A first visit then asks for the page's chunks together with the entry, instead of once the entry
 * has arrived and run, and a phone on a slow network saves a round trip before its first paint.
 * Only the chunks index.html does not already name are added, in the order the chunks import one
 * another, after the answers the screen waits for that are the same for everyone (the sign-in
 * page's configuration). A module of the table found in no chunk fails the build, so the table
 * cannot go stale without anyone noticing.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rollup } from "vite";
import { CATALOGUE_ELEMENT_ID } from "../../src/shared/i18n/languages";
import { FIRST_PAINT_THEME_NAME, FIRST_PAINT_THEME_SOURCE, withFirstPaint } from "./first-paint";
import { LOCALE_WARM_UP_NAME, LOCALE_WARM_UP_SOURCE, withLocaleWarmUp } from "./locale-warm-up";

export const FIRST_SCREENS_DIR = "first-screens";

/** The file a path's page in a language is written to, under the client's output folder. */
export function firstScreenFile(language: string, pathname: string): string {
  return `${FIRST_SCREENS_DIR}/${language}${pathname}.html`;
}

/** The file a language's page for every other path is written to. */
export function languagePageFile(language: string): string {
  return `${FIRST_SCREENS_DIR}/${language}.html`;
}

/** The messages of a catalogue as `lingui compile` writes it: `export const messages=JSON.parse("…")`. */
export function compiledMessages(source: string): Record<string, unknown> {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error('first-screen preloads: a compiled catalogue has no JSON.parse("…")');
  return JSON.parse(JSON.parse(literal) as string) as Record<string, unknown>;
}

/**
 * index.html in a language: its `<html lang>`, and its messages in a data block the browser does not
 * run (so the content security policy has nothing to say about it), `<` escaped so no message can end it.
 */
export function inLanguage(
  html: string,
  language: string,
  messages: Record<string, unknown>,
  audiences: readonly string[] = ["public"],
  firstScreenAudiences: readonly string[] = [],
): string {
  if (!/<html lang="[^"]*">/.test(html))
    throw new Error("first-screen preloads: index.html has no <html lang>");
  if (!html.includes("</head>")) throw new Error("first-screen preloads: index.html has no </head>");
  const json = JSON.stringify(messages).replace(/</g, "\\u003c");
  const firstScreen =
    firstScreenAudiences.length > 0 ? ` data-first-screen="${firstScreenAudiences.join(" ")}"` : "";
  const block = `    <script type="application/json" id="${CATALOGUE_ELEMENT_ID}" data-language="${language}" data-audiences="${audiences.join(" ")}"${firstScreen}>${json}</script>\n`;
  // Replaced by functions: a message may hold a "$", which a replacement string would read.
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
    .replace(/[ \t]*<\/head>/, () => `${block}  </head>`);
}

/**
 * The module preloads to add to index.html for each path: the chunks holding the path's modules and
 * every chunk they import statically, without those the entry already loads.
 */
export function firstScreenChunks(
  bundle: Rollup.OutputBundle,
  modulesByPath: Record<string, readonly string[]>,
  clientRoot: string,
): Map<string, string[]> {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (fileName: string, into: string[]) => {
    if (into.includes(fileName)) return;
    for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
    into.push(fileName);
  };

  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("first-screen preloads: the build has no entry chunk");
  const loadedByEntry: string[] = [];
  withImports(entry.fileName, loadedByEntry);

  const chunkOf = chunkFinder(chunks, clientRoot);

  const preloads = new Map<string, string[]>();
  for (const [pathname, modules] of Object.entries(modulesByPath)) {
    const files: string[] = [];
    for (const module of modules) withImports(chunkOf(module), files);
    preloads.set(
      pathname,
      files.filter((file) => !loadedByEntry.includes(file)),
    );
  }
  return preloads;
}

/** The chunk that holds a module named as under src/client (or a package name); the build fails without one. */
function chunkFinder(chunks: Rollup.OutputChunk[], clientRoot: string): (module: string) => string {
  return (module) => {
    const matches = module.includes("/")
      ? (id: string) => id === path.join(clientRoot, module)
      : (id: string) => id.includes(`/node_modules/${module}/`);
    const chunk = chunks.find((candidate) => candidate.moduleIds.some(matches));
    if (!chunk) throw new Error(`first-screen preloads: no chunk holds ${module}`);
    return chunk.fileName;
  };
}

/**
 * The messages of a catalogue that a path's first screen can show: those whose id is written in the
 * code of the screen's chunks, of the chunks they import, and of those they load later (a dialog, the
 * phone's menu), but not of the screens the entry loads for other paths. A production build keeps
 * each message's id as a string in the code that shows it. A message found in more code than it
 * needs only makes the page a little longer; one the screen shows that is not found would show as
 * its id, which the browser tests of the first screens would see.
 */
export function firstScreenMessages(
  bundle: Rollup.OutputBundle,
  modules: readonly string[],
  clientRoot: string,
  messages: Record<string, unknown>,
): Record<string, unknown> {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = chunkFinder(chunks, clientRoot);
  const reached = new Set<string>();
  const reach = (fileName: string) => {
    const chunk = byFile.get(fileName);
    if (!chunk || reached.has(fileName)) return;
    reached.add(fileName);
    // The entry's own lazy imports are every other screen.
    const next = chunk.isEntry ? chunk.imports : [...chunk.imports, ...chunk.dynamicImports];
    for (const imported of next) reach(imported);
  };
  for (const module of modules) reach(chunkOf(module));
  const code = [...reached].map((fileName) => byFile.get(fileName)?.code ?? "").join("\n");
  return Object.fromEntries(
    Object.entries(messages).filter(([id]) =>
      ['"', "'", "`"].some((quote) => code.includes(`${quote}${id}${quote}`)),
    ),
  );
}

/**
 * index.html with, at the end of its head, a preload for each request (with the credentials the
 * app's own requests send, so that they take the preloaded answer) and a module preload for each file.
 */
export function withPreloads(
  html: string,
  { files, requests = [] }: { files: readonly string[]; requests?: readonly string[] },
  base = "/",
): string {
  if (!html.includes("</head>")) throw new Error("first-screen preloads: index.html has no </head>");
  const links = [
    ...requests.map(
      (url) => `    <link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">\n`,
    ),
    ...files.map((file) => `    <link rel="modulepreload" crossorigin href="${base}${file}">\n`),
  ];
  return html.replace(/[ \t]*<\/head>/, `${links.join("")}  </head>`);
}

/**
 * The text of a message without placeholders, as `lingui compile` writes it (a string, or a list of
 * strings); the build fails on a message it does not know or one with placeholders, whose text
 * depends on who reads it.
 */
export function plainMessage(messages: Record<string, unknown>, id: string): string {
  const message = messages[id];
  if (typeof message === "string") return message;
  if (Array.isArray(message) && message.every((part) => typeof part === "string")) return message.join("");
  throw new Error(`first-screen preloads: ${id} is no message of the catalogue without placeholders`);
}

/**
 * A path's first paint (decision 056): given the text of a message in the page's language, the
 * markup around the page's `<noscript>` note, or undefined for a path without one.
 */
export type FirstPaintOf = (
  pathname: string,
  message: (id: string) => string,
) => ((noscript: string) => string) | undefined;

/** The compiled catalogues the pages carry: by audience, then by language, the file. */
export interface PageCatalogues {
  files: Record<string, Record<string, string>>;
  /** The audiences a path's page carries whole; the pages of other paths carry the public one. */
  audiencesOf: (pathname: string) => readonly string[];
  /** The audiences of which a path's page carries the messages its first screen can show. */
  firstScreenAudiencesOf: (pathname: string) => readonly string[];
  /**
   * Modules that the entry loads lazily and that any first screen may show beside its own: the
   * signed-in layout's parts (the sidebar column, the phone's menu).
   */
  shownWithEveryScreen: readonly string[];
}

/**
 * `formatsOnFirstScreen` names the paths whose first screen writes dates or amounts: their pages
 * start the locale warm-up script (scripts/build/locale-warm-up.ts). `firstPaintOf` gives the paths whose
 * page paints the layout's frame and the page's heading before the script runs (scripts/build/first-paint.ts).
 */
export function firstScreenPreloads(
  modulesByPath: Record<string, readonly string[]>,
  requestsByPath: Record<string, readonly string[] | undefined>,
  catalogues: PageCatalogues,
  formatsOnFirstScreen: (pathname: string) => boolean = () => false,
  firstPaintOf: FirstPaintOf = () => undefined,
): Plugin {
  let clientRoot = "";
  let base = "/";
  let localeWarmUpFile = "";
  let firstPaintThemeFile = "";
  return {
    name: "first-screen-preloads",
    apply: "build",
    configResolved(config) {
      clientRoot = config.root;
      base = config.base;
    },
    generateBundle() {
      // Each script is emitted only when a page names it.
      const paths = Object.keys(modulesByPath);
      if (paths.some(formatsOnFirstScreen)) {
        const reference = this.emitFile({
          type: "asset",
          name: LOCALE_WARM_UP_NAME,
          source: LOCALE_WARM_UP_SOURCE,
        });
        localeWarmUpFile = this.getFileName(reference);
      }
      if (paths.some((pathname) => firstPaintOf(pathname, () => "") !== undefined)) {
        const theme = this.emitFile({
          type: "asset",
          name: FIRST_PAINT_THEME_NAME,
          source: FIRST_PAINT_THEME_SOURCE,
        });
        firstPaintThemeFile = this.getFileName(theme);
      }
    },
    writeBundle(options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset" || !options.dir) return;
      const chunksByPath = firstScreenChunks(bundle, modulesByPath, clientRoot);
      const write = (file: string, text: string) => {
        const target = path.join(options.dir ?? "", file);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, text);
      };
      for (const language of Object.keys(catalogues.files.public ?? {})) {
        const catalogue = (audience: string) => {
          const file = catalogues.files[audience]?.[language];
          if (!file) throw new Error(`first-screen preloads: no ${audience} catalogue in ${language}`);
          return compiledMessages(readFileSync(file, "utf8"));
        };
        const page = (
          audiences: readonly string[],
          firstScreen: readonly string[] = [],
          modules: readonly string[] = [],
        ) => {
          const messages = [
            ...audiences.map(catalogue),
            ...firstScreen.map((audience) =>
              firstScreenMessages(bundle, modules, clientRoot, catalogue(audience)),
            ),
          ];
          return inLanguage(
            String(index.source),
            language,
            Object.assign({}, ...messages),
            audiences,
            firstScreen,
          );
        };
        // Every catalogue's messages in the language, for the first paints' texts: read once, when asked.
        let allMessages: Record<string, unknown> | undefined;
        const everyMessage = () => {
          allMessages ??= Object.assign({}, ...Object.keys(catalogues.files).map(catalogue));
          return allMessages ?? {};
        };
        write(languagePageFile(language), page(["public"]));
        for (const [pathname, files] of chunksByPath) {
          const withChunks = withPreloads(
            page(catalogues.audiencesOf(pathname), catalogues.firstScreenAudiencesOf(pathname), [
              ...(modulesByPath[pathname] ?? []),
              ...catalogues.shownWithEveryScreen,
            ]),
            { files, requests: requestsByPath[pathname] },
            base,
          );
          const withWarmUp = formatsOnFirstScreen(pathname)
            ? withLocaleWarmUp(withChunks, `${base}${localeWarmUpFile}`)
            : withChunks;
          const shell = firstPaintOf(pathname, (id) => plainMessage(everyMessage(), id));
          write(
            firstScreenFile(language, pathname),
            shell
              ? withFirstPaint(withWarmUp, { shell, themeSrc: `${base}${firstPaintThemeFile}` })
              : withWarmUp,
          );
        }
      }
    },
  };
}
