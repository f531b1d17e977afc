import type { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../shared/api/user";
import { prefetchBeforeRender } from "../../../lib/first-load-data";
import { accountCountsQueryOptions } from "./get-account-counts";
import { recentActivityQueryOptions } from "./get-recent-activity";

/** What the dashboard shows first, asked for on a first load as soon as the session names the user. */
export function prefetchScreenData(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  return Promise.all([
    prefetchBeforeRender(queryClient, accountCountsQueryOptions(user.uid)),
    prefetchBeforeRender(queryClient, recentActivityQueryOptions),
  ]).then(() => undefined);
}
