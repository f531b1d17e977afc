import type { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../shared/api/user";
import { prefetchBeforeRender } from "../../../lib/first-load-data";
import { linkedinAccountsQueryOptions } from "./get-linkedin-accounts";

/** The accounts list, asked for on a first load as soon as the session names the user. */
export function prefetchScreenData(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  return prefetchBeforeRender(queryClient, linkedinAccountsQueryOptions(user.uid));
}
