import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../shared/api/public-config";
import { getJson } from "./api-client";

const CONFIG_FIELDS = {
  knowledgeBaseUrl: "string",
  supportEmail: "string",
  supportPhone: "string",
  chatWidgetId: "string?",
  googleSignInEnabled: "boolean",
  devToolsEnabled: "boolean",
} as const satisfies Record<keyof PublicConfig, "string" | "string?" | "boolean">;

/**
 * `GET /api/config`'s answer, checked by hand against `publicConfigSchema`'s shape: the sign-in page
 * reads it, and the schema would bring zod into its first load. Unknown fields are dropped.
 */
export function readPublicConfig(body: unknown): PublicConfig {
  const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(CONFIG_FIELDS)) {
    const value = record[key];
    const ok = kind === "string?" ? value === null || typeof value === "string" : typeof value === kind;
    if (!ok) throw new Error(`Unexpected configuration answer: ${key}`);
    read[key] = value;
  }
  return read as PublicConfig;
}

export async function getPublicConfig(): Promise<PublicConfig> {
  return readPublicConfig(await getJson("/api/config", { on401: "throw" }));
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ["/api/config"] as const,
  queryFn: getPublicConfig,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
