import { ArrowLeft, LogOut, RefreshCw } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useCustomer, useEndCustomerSessions, useSyncCustomer } from "../api/customer-detail";
import { ClosedBadge } from "../components/customer-badges";
import {
  AccountsSection,
  AuditSection,
  OptimizationsSection,
  OrdersSection,
  PlansSection,
  ProfileSection,
  SectionCard,
  SessionsList,
  SignInMethodsSection,
  SyncRunsList,
  TransactionsSection,
} from "../components/customer-sections";
import { ViewAsButton } from "../components/view-as-button";

function BackLink() {
  return (
    <Link
      to="/admin/customers"
      className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All customers
    </Link>
  );
}

/** One customer's page for the admin: a card for each part of what the portal holds of them. */
export function CustomerPage() {
  const { uid = "" } = useParams();
  const customer = useCustomer(uid);
  const endSessions = useEndCustomerSessions(uid);
  const sync = useSyncCustomer(uid);
  const [confirming, setConfirming] = useState(false);
  const endButton = useRef<HTMLButtonElement>(null);

  if (customer.isPending) {
    return (
      <div className="space-y-6">
        <BackLink />
        <Spinner label="Loading the customer" />
      </div>
    );
  }
  if (!customer.data) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <div className="space-y-6">
        <BackLink />
        <PageHeader title="Customer" />
        {missing ? (
          <EmptyState icon={<LogOut aria-hidden="true" />} title="No customer has this UID">
            They may have been removed by a sync. Search the customers list for them.
          </EmptyState>
        ) : (
          <ErrorState
            title="The customer could not be loaded"
            error={customer.error}
            retrying={customer.isFetching}
            onRetry={() => void customer.refetch()}
          />
        )}
      </div>
    );
  }

  const detail = customer.data;
  const { profile } = detail;
  const sessionCount = detail.sessions.total;

  const onEnd = () =>
    endSessions.mutate(undefined, {
      onSuccess: (answer) => toast({ title: "Sessions ended", description: answer.message }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Sessions not ended",
          description: failureText(error, "The sessions could not be ended"),
        }),
    });
  const onSync = () =>
    sync.mutate(undefined, {
      onSuccess: (answer) => toast({ title: "Sync Completed", description: answer.message }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Sync Failed",
          description: failureText(error, "The sync failed"),
        }),
    });

  return (
    <div className="space-y-6">
      <BackLink />
      <PageHeader
        title={profile.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{profile.email}</span>
            {profile.closedAt ? <ClosedBadge /> : null}
          </span>
        }
        actions={
          <ViewAsButton
            customer={{ uid: profile.uid, name: profile.name }}
            disabled={profile.role === "admin" || profile.closedAt !== null}
          />
        }
      />
      {profile.closedAt ? (
        <p role="note" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          This customer closed their portal login: they cannot sign in, and their profile is anonymised. Their
          payments and the operator's records stay.
        </p>
      ) : null}
      {customer.isRefetchError ? (
        <ErrorState
          title="The customer could not be refreshed"
          note="What is shown may be out of date."
          error={customer.error}
          retrying={customer.isFetching}
          onRetry={() => void customer.refetch()}
        />
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <ProfileSection detail={detail} />
        <SignInMethodsSection detail={detail} />
      </div>
      <SectionCard
        title="Sessions"
        shown={detail.sessions.items.length}
        total={sessionCount}
        actions={
          <Button
            ref={endButton}
            variant="outline"
            disabled={sessionCount === 0 || endSessions.isPending}
            onClick={() => setConfirming(true)}
          >
            {endSessions.isPending ? (
              <Spinner label="Ending sessions" className="size-4" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            End all sessions
          </Button>
        }
      >
        <SessionsList detail={detail} />
      </SectionCard>
      <AccountsSection detail={detail} />
      <div className="grid gap-6 xl:grid-cols-2">
        <OrdersSection detail={detail} />
        <PlansSection detail={detail} />
      </div>
      <TransactionsSection detail={detail} />
      <OptimizationsSection detail={detail} />
      <SectionCard
        title="Sync history"
        shown={detail.syncRuns.items.length}
        total={detail.syncRuns.total}
        actions={
          <Button variant="outline" onClick={onSync} disabled={sync.isPending}>
            {sync.isPending ? (
              <Spinner label="Syncing" className="size-4" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            Sync now
          </Button>
        }
      >
        <SyncRunsList detail={detail} />
      </SectionCard>
      <AuditSection detail={detail} />

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            endButton.current?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>End all of {profile.name}'s sessions?</AlertDialogTitle>
            <AlertDialogDescription>
              {`They will be signed out on every device (${sessionCount} ${sessionCount === 1 ? "session" : "sessions"}) and must sign in again. The audit log records that you did it.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={onEnd}>End all sessions</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
