// esbuild plugins that keep work a Node.js server never needs off the way to listening. Each one
// checks that the code it changes still looks as expected, so an update of the package fails the
// build rather than silently bringing the cost back (decision 059).
import { readFile } from "node:fs/promises";

/**
 * pg picks its socket code when its connection module loads: it asks whether it runs on Cloudflare
 * Workers by building a `Response`, which on Node.js 20 (no `navigator`) loads the whole fetch
 * implementation, about 20 ms of a start. The bundled server only runs on Node.js.
 */
export const pgWithoutCloudflareProbe = {
  name: "pg-without-cloudflare-probe",
  setup(build) {
    build.onLoad({ filter: /[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const probe = "function isCloudflareRuntime() {";
      if (!source.includes(probe)) {
        throw new Error(`pg's ${args.path} no longer has ${probe} (see decision 059)`);
      }
      return {
        contents: source.replace(probe, `${probe}\n  return false; // bundled for Node.js\n`),
        loader: "js",
      };
    });
  },
};

/**
 * @fastify/swagger requires the `yaml` package when it is registered, for a YAML document the portal
 * never serves: loading it cost a start about 30 ms. In the bundle, its `yaml` is a stand-in with
 * the two functions it calls, which loads the real package from node_modules on first use.
 */
export const swaggerYamlOnFirstUse = {
  name: "swagger-yaml-on-first-use",
  setup(build) {
    build.onResolve({ filter: /^yaml$/ }, (args) => {
      if (args.namespace === "on-first-use") return { path: "yaml", external: true };
      if (!/[\\/]@fastify[\\/]swagger[\\/]/.test(args.importer)) return undefined;
      return { path: "yaml", namespace: "on-first-use" };
    });
    build.onLoad({ filter: /^yaml$/, namespace: "on-first-use" }, () => ({
      contents: [
        "let yaml;",
        'const load = () => (yaml ??= require("yaml"));',
        "module.exports = {",
        "  stringify: (...args) => load().stringify(...args),",
        "  parse: (...args) => load().parse(...args),",
        "};",
      ].join("\n"),
      loader: "js",
    }));
  },
};

/**
 * zod's `z.locales` names every one of its 50 locales, half of zod's code (about 370 KB): loading
 * them cost a start about 20 ms, before the configuration could even be read. The server uses one,
 * German, and imports it by its own path (plugins/error-shape.ts); in the bundle `z.locales` is
 * empty. English, zod's default, is configured by zod itself from its own file (decision 078).
 */
export const zodWithoutLocaleList = {
  name: "zod-without-locale-list",
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const expected = 'export { default as de } from "./de.js";';
      if (!source.includes(expected)) {
        throw new Error(`zod's ${args.path} no longer has ${expected} (see decision 078)`);
      }
      return { contents: "export {};\n", loader: "js" };
    });
  },
};
