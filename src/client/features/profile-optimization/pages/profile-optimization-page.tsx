import { Search } from "lucide-react";
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from "react";
import { LoadFailedAlert } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { failureText } from "../../../lib/api-error";
import { formatCount } from "../../../lib/format";
import { useSessionUser } from "../../../lib/session";
import { useUserProfileOptimizations } from "../api/get-user-profile-optimizations";
import { RequestCard } from "../components/request-card";
import { searchRequests } from "../components/request-search";
import { NoMatchingRequests, NoRequests, RequestsSkeleton } from "../components/request-states";

const TITLE = "Profile Optimization Requests";
const DESCRIPTION = "The profiles you asked us to optimize, with their criteria.";

function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {children}
    </div>
  );
}

export function ProfileOptimizationPage() {
  const { user } = useSessionUser();
  // The signed-in area renders this page only with a user.
  if (!user) return <Screen>{null}</Screen>;
  return <RequestsScreen uid={user.uid} />;
}

function RequestsScreen({ uid }: { uid: string }) {
  const list = useUserProfileOptimizations(uid);
  const searchId = useId();
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search);
  const requests = list.data;
  const found = useMemo(() => (requests ? searchRequests(requests, q) : []), [requests, q]);

  if (list.isPending) {
    return (
      <Screen>
        <RequestsSkeleton />
      </Screen>
    );
  }
  if (!requests) {
    return (
      <Screen>
        <LoadFailedAlert
          title="Error loading profile optimizations"
          detail={failureText(list.error)}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      </Screen>
    );
  }
  if (requests.length === 0) {
    return (
      <Screen>
        <NoRequests />
      </Screen>
    );
  }

  return (
    <Screen>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <search aria-label="Search requests" className="min-w-0 space-y-2 sm:w-96">
          <Label htmlFor={searchId}>Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Form name, gender, ethnicity or company"
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </search>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {q.trim() === ""
            ? `${formatCount(requests.length)} total ${requests.length === 1 ? "request" : "requests"}`
            : `${formatCount(found.length)} of ${formatCount(requests.length)} total requests`}
        </p>
      </div>
      {found.length === 0 ? (
        <NoMatchingRequests onClear={() => setSearch("")} />
      ) : (
        <ul className="space-y-4">
          {found.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
