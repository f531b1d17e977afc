/**
 * Decisions 013 and 077: what only signed-in screens share goes into `signed-in-icons`, and what of
 * the sign-in page's code it imports goes into `icons`, which the entry loads, so that the sign-in
 * page never imports from the signed-in chunk. Checked on a small module graph laid out like the app's.
 */
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { signedInChunk } from "../../../scripts/build/signed-in-chunk";

const src = "/app/src/client";
const modules = "/app/node_modules";
const ids = {
  main: `${src}/main.tsx`,
  apiClient: `${src}/lib/api-client.ts`,
  react: `${modules}/react/index.js`,
  loginPage: `${src}/features/auth/pages/login-page.tsx`,
  button: `${src}/components/ui/button.tsx`,
  buttonStyles: `${src}/components/ui/button-styles.ts`,
  dashboard: `${src}/features/dashboard/dashboard-page.tsx`,
  errorState: `${src}/components/error-state.tsx`,
  retryWords: `${src}/components/retry-words.ts`,
  query: `${modules}/@tanstack/query-core/query.js`,
  eye: `${modules}/lucide-react/dist/esm/icons/eye.mjs`,
  chart: `${src}/features/dashboard/chart.tsx`,
};

/** Static imports; the lazy ones (the screens) are only reached through `lazy`. */
const imports: Record<string, string[]> = {
  [ids.main]: [ids.react, ids.apiClient],
  [ids.loginPage]: [ids.react, ids.button],
  [ids.button]: [ids.buttonStyles, ids.eye],
  [ids.dashboard]: [ids.react, ids.query, ids.errorState, ids.chart, ids.apiClient],
  [ids.errorState]: [ids.button, ids.retryWords],
  [ids.query]: [ids.react],
};

const meta: Rollup.ManualChunkMeta = {
  getModuleIds: () => Object.values(ids)[Symbol.iterator](),
  getModuleInfo: (id: string) =>
    ({ id, importedIds: imports[id] ?? [], isEntry: id === ids.main }) as unknown as Rollup.ModuleInfo,
};

const chunkOf = (id: string) =>
  signedInChunk({ shared: ["/@tanstack/", "/components/error-state.tsx"], signInPage: "/login-page.tsx" })(
    id,
    meta,
  );

describe("the signed-in chunk", () => {
  it("takes what the plan names", () => {
    expect(chunkOf(ids.query)).toBe("signed-in-icons");
    expect(chunkOf(ids.errorState)).toBe("signed-in-icons");
  });

  it("sends what the shared import from the entry and the sign-in page to the entry's icons", () => {
    expect(chunkOf(ids.react)).toBe("icons");
    expect(chunkOf(ids.button)).toBe("icons");
    expect(chunkOf(ids.buttonStyles)).toBe("icons");
  });

  it("leaves the rest to the other rules: the entry's own, a screen's own, lucide's icons", () => {
    expect(chunkOf(ids.apiClient)).toBeNull();
    expect(chunkOf(ids.main)).toBeNull();
    expect(chunkOf(ids.chart)).toBeNull();
    expect(chunkOf(ids.eye)).toBeNull();
    // Only the shared import it: Rollup takes it into their chunk.
    expect(chunkOf(ids.retryWords)).toBeNull();
  });
});
