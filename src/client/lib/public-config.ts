import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../shared/api/public-config";
import { getJson } from "./api-client";
import { type FieldKind, readRecord } from "./read-answer";

const CONFIG_FIELDS = {
  knowledgeBaseUrl: "string",
  supportEmail: "string",
  supportPhone: "string",
  chatWidgetId: "string?",
  googleSignInEnabled: "boolean",
  devToolsEnabled: "boolean",
} as const satisfies Record<keyof PublicConfig, FieldKind>;

/**
 * `GET /api/config`'s answer, checked by hand against `publicConfigSchema`'s shape: the sign-in page
 * reads it, and the schema would bring zod into its first load.
 */
export function readPublicConfig(body: unknown): PublicConfig {
  return readRecord<PublicConfig>(body, CONFIG_FIELDS, "configuration answer");
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
