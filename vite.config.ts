import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup, type UserConfig } from "vite";
import { firstScreenPreloads, type PageCatalogues } from "./scripts/build/first-screen-preloads";
import { iconChunks } from "./scripts/build/icon-chunks";
import { LINGUI_MACROS } from "./scripts/build/lingui-macros";
import { signedInChunk } from "./scripts/build/signed-in-chunk";
import { firstPaintHeaders, firstPaintShell } from "./src/client/app/layout/first-paint-shell";
import { firstScreenModules, firstScreenRequests } from "./src/client/app/routes/first-screen-modules";
import { PRODUCT_NAME } from "./src/client/components/brand-mark";
import { LANGUAGES } from "./src/shared/i18n/languages";

/**
 * What the signed-in screens share and the sign-in page does not use: TanStack Query and the query
 * client, the first screens' shared components, and small modules that left to the merging of small
 * chunks landed in a chunk the sign-in page loads. They load with the signed-in screens' icons, at
 * no extra request (scripts/build/signed-in-chunk.ts).
 */
const SIGNED_IN_SHARED = [
  "/node_modules/@tanstack/",
  "/src/client/lib/query-client.ts",
  "/src/client/app/providers/query-provider.tsx",
  "/src/client/features/linkedin-accounts/api/prefetch-linkedin-accounts.ts",
  "/src/client/components/ui/table.tsx",
  "/src/client/components/search-box.tsx",
  "/src/client/components/empty-state.tsx",
  "/src/client/components/error-state.tsx",
  "/src/client/components/native-select.tsx",
  "/src/client/components/expand-button.tsx",
  "/src/client/lib/use-url-filters.ts",
  "/src/shared/linkedin-account-rules.ts",
  "/src/client/lib/money.ts",
  "/src/shared/billing/payment-kinds.ts",
  "/src/client/lib/download.ts",
  "/src/client/features/notifications/api/unread-count-answer.ts",
  "/src/client/components/request-words.ts",
];

function passkeyAndIconChunks(): Rollup.GetManualChunk {
  const icons = iconChunks();
  const signedIn = signedInChunk({
    shared: SIGNED_IN_SHARED,
    signInPage: "/src/client/features/auth/pages/login-page.tsx",
  });
  return (id, meta) => {
    if (id.includes("/@simplewebauthn/browser/")) return "webauthn";
    return signedIn(id, meta) ?? icons(id, meta);
  };
}

/**
 * Lazy modules that must stay chunks of their own although they are small: the merging of small
 * chunks below folds a chunk without side effects into one loaded "under similar conditions", which
 * put the development-only test sign-in page, the wide screens' product pitch and Lingui's `<Trans>`
 * renderer (which only signed-in screens use) into what every phone's /login downloads. A module
 * Rollup must keep whole counts as having side effects, and its chunk is left where it is.
 */
const KEPT_APART = [
  "/src/client/features/auth/pages/login-test-page.tsx",
  "/src/client/components/brand-showcase.tsx",
  "/src/client/lib/i18n/trans.tsx",
];
function keptApart(): Plugin {
  return {
    name: "kept-apart",
    apply: "build",
    transform(code, id) {
      return KEPT_APART.some((module) => id.endsWith(module))
        ? { code, moduleSideEffects: "no-treeshake" }
        : null;
    },
  };
}

/**
 * A build says what went wrong, not what went as planned: dropped without a word are the chunk
 * merger's counts and the notes about pure-call comments in dependencies that Rollup cannot place
 * (zod's), which it removes harmlessly.
 */
const QUIET_LOG_CODES = new Set(["OPTIMIZE_CHUNK_STATUS", "INVALID_ANNOTATION"]);
function quietBuildLogs(level: Rollup.LogLevel, log: Rollup.RollupLog, handler: Rollup.LogOrStringHandler) {
  if (log.code && QUIET_LOG_CODES.has(log.code)) return;
  handler(level, log);
}

/**
 * The compiled catalogues a first screen's page carries, one page per language (decision 052): every
 * page the public messages whole, a signed-in screen's the signed-in messages its first screen can
 * show too (the rest load with the next screen).
 */
const catalogueFiles = (audience: string) =>
  Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      fileURLToPath(new URL(`./src/shared/i18n/locales/${language}/${audience}.ts`, import.meta.url)),
    ]),
  );
const PAGE_CATALOGUES: PageCatalogues = {
  files: {
    public: catalogueFiles("public"),
    "signed-in": catalogueFiles("signed-in"),
    admin: catalogueFiles("admin"),
  },
  audiencesOf: () => ["public"],
  // The console's screens (all under /admin) speak the console's messages too.
  firstScreenAudiencesOf: (pathname) =>
    pathname === "/login" ? [] : pathname.startsWith("/admin/") ? ["signed-in", "admin"] : ["signed-in"],
  // The layout's parts (app/layout/layout-parts.ts), which the entry loads when the screen needs them.
  shownWithEveryScreen: ["app/layout/sidebar.tsx", "app/layout/mobile-menu-sheet.tsx"],
};

// The React app lives in src/client; the server serves dist/client in production and proxies
// nothing: in development `npm run dev` runs Vite with /api forwarded to the Fastify server.
export default defineConfig(({ command }) => {
  // A build is the production build whatever NODE_ENV says (a staging start may set development):
  // NODE_ENV only decides the server's development extras, never which React the browser gets.
  // Vite reads it once this file has run, for itself and for the React plugin.
  if (command !== "build") return config;
  process.env.NODE_ENV = "production";
  return { ...config, resolve: { alias: [...config.resolve.alias, reactRouterProduction] } };
});

// React Router's own production build, without its development warnings: the package's exports
// offer bundlers only the development build (decision 077). A build only: `npm run dev` keeps the
// warnings, which are meant for developers.
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
  ),
};

const config = {
  root: "src/client",
  publicDir: "public",
  // Each first screen's page names its chunks, so they load with the entry (decision 013).
  plugins: [
    react(LINGUI_MACROS),
    tailwindcss(),
    keptApart(),
    firstScreenPreloads(
      firstScreenModules,
      firstScreenRequests,
      PAGE_CATALOGUES,
      // Every signed-in first screen writes dates or amounts; the sign-in page writes none.
      (pathname) => pathname !== "/login",
      // The signed-in screens whose heading is the same for everyone paint it before the script runs.
      (pathname, message) => {
        const header = firstPaintHeaders[pathname as keyof typeof firstPaintHeaders];
        if (!header) return undefined;
        const text = { title: message(header.title), description: message(header.description) };
        return (noscript) => firstPaintShell({ ...text, productName: PRODUCT_NAME, noscript });
      },
    ),
  ],
  resolve: {
    // zod without its eval-compiled parsers, which the content security policy refuses (decision 013).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL("./src/client/lib/zod-jitless.ts", import.meta.url)),
      },
    ],
  },
  build: {
    // Every browser the portal supports preloads modules itself (Safari since 17); the polyfill only
    // made older ones preload sooner, and cost the sign-in page's first load about 0.5 KB.
    modulePreload: { polyfill: false },
    // Terser, two passes: the sign-in page's first load is about 2 KB smaller as served than with
    // esbuild's minifier, for some seconds more of build (decision 077).
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // Every request costs a phone on a slow network a round trip (decision 013): lucide's icons
      // go into two chunks instead of one each, and chunks under 20 KB that load under the same
      // conditions are merged, so that a first screen's chunks fit the six connections a browser
      // opens to one host.
      // @simplewebauthn/browser is a chunk of its own, loaded only when a passkey is used: the merging
      // would otherwise fold it into the sign-in page's first load.
      output: { manualChunks: passkeyAndIconChunks(), experimentalMinChunkSize: 20_000 },
      onLog: quietBuildLogs,
    },
  },
  server: {
    proxy: { "/api": `http://localhost:${process.env.API_PORT ?? "3000"}` },
  },
} satisfies UserConfig;
