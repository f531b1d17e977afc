import type { Plugin } from "esbuild";

export const pgWithoutCloudflareProbe: Plugin;
export const swaggerYamlOnFirstUse: Plugin;
export const zodWithoutLocaleList: Plugin;
