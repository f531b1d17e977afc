/**
 * Data a first load asks for before its screen renders (app/routes/signed-in-routes.tsx, decision
 * 013). A query that is read again on every mount (staleTime 0) does not read it again while that
 * answer is on its first screen; once the screen is left, the next mount reads again as usual.
 */
import {
  type FetchQueryOptions,
  hashKey,
  type Query,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";

const onFirstScreen = new Set<string>();

/** Asks for a screen's first data; settles (never rejects) once the answer, or the failure, is in. */
export function prefetchBeforeRender<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  const hash = hashKey(options.queryKey);
  onFirstScreen.add(hash);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "observerRemoved" && event.query.queryHash === hash) {
      onFirstScreen.delete(hash);
      unsubscribe();
    }
  });
  return queryClient.prefetchQuery(options);
}

/** For `refetchOnMount`: true, unless the answer was asked for before its first screen rendered. */
export function refetchUnlessPrefetched(query: Pick<Query, "queryHash">): boolean {
  return !onFirstScreen.has(query.queryHash);
}
