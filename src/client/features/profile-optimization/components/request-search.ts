import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";

/** The requests whose form name, gender, ethnicity or company name contain the search, in any case. */
export function searchRequests(
  requests: readonly ProfileOptimization[],
  search: string,
): readonly ProfileOptimization[] {
  const q = search.trim().toLowerCase();
  if (q === "") return requests;
  return requests.filter((request) =>
    [request.formName, request.gender, request.ethnicity, request.companyName].some((field) =>
      field?.toLowerCase().includes(q),
    ),
  );
}
