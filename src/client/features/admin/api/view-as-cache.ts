import type { QueryClient } from "@tanstack/react-query";
import { forgetRevalidatedBodies } from "../../../lib/revalidated-get";
import { currentUserQueryKey } from "../../../lib/session";

/**
 * Starting or stopping viewing as a customer changes whom every answer is about: nothing cached for
 * the one before may be shown, and the session (the banner, the user) is read again before the next
 * screen renders (decision 036).
 */
export async function switchViewedUser(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] && query.queryKey[0] !== "/api/config",
  });
  forgetRevalidatedBodies();
  await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}
