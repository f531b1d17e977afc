import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Catalogue, catalogueSchema } from "../../../../shared/api/shop";
import { getJson } from "../../../lib/api-client";

export async function getCatalogue(): Promise<Catalogue> {
  return catalogueSchema.parse(await getJson("/api/catalogue", { on401: "throw" }));
}

export const catalogueQueryOptions = queryOptions({
  queryKey: ["/api/catalogue"] as const,
  queryFn: getCatalogue,
  // Prices change with a deployment, not while a page is open.
  staleTime: 10 * 60 * 1000,
});

export function useCatalogue() {
  return useQuery(catalogueQueryOptions);
}
