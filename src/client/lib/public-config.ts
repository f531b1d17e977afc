import { queryOptions, useQuery } from "@tanstack/react-query";
import { type PublicConfig, publicConfigSchema } from "../../shared/api/public-config";
import { getJson } from "./api-client";

export async function getPublicConfig(): Promise<PublicConfig> {
  return publicConfigSchema.parse(await getJson("/api/config", { on401: "throw" }));
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ["/api/config"] as const,
  queryFn: getPublicConfig,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
