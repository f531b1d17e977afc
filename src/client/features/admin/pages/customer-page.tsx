import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  return (
    <Link
      to="/admin/customers"
      className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t({ id: "admin.customer.back", message: "All customers" })}
    </Link>
  );
}

/** One customer's page for the admin: a card for each part of what the portal holds of them. */
export function CustomerPage() {
  const { t } = useLingui();
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
        <Spinner label={t({ id: "admin.customer.loading", message: "Loading the customer" })} />
      </div>
    );
  }
  if (!customer.data) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <div className="space-y-6">
        <BackLink />
        <PageHeader title={t({ id: "admin.customer.title", message: "Customer" })} />
        {missing ? (
          <EmptyState
            icon={<LogOut aria-hidden="true" />}
            title={t({ id: "admin.customer.missing", message: "No customer has this UID" })}
          >
            {t({
              id: "admin.customer.missing-text",
              message: "They may have been removed by a sync. Search the customers list for them.",
            })}
          </EmptyState>
        ) : (
          <ErrorState
            title={t({ id: "admin.customer.load-failed", message: "The customer could not be loaded" })}
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
  const name = profile.name;

  const onEnd = () =>
    endSessions.mutate(undefined, {
      onSuccess: (answer) =>
        toast({
          title: t({ id: "admin.customer.sessions-ended", message: "Sessions ended" }),
          description: answer.message,
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t({ id: "admin.customer.sessions-not-ended", message: "Sessions not ended" }),
          description: failureText(
            error,
            t({ id: "admin.customer.sessions-not-ended-text", message: "The sessions could not be ended" }),
          ),
        }),
    });
  const onSync = () =>
    sync.mutate(undefined, {
      onSuccess: (answer) =>
        toast({
          title: t({ id: "admin.customer.sync-completed", message: "Sync Completed" }),
          description: answer.message,
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t({ id: "admin.customer.sync-failed", message: "Sync Failed" }),
          description: failureText(
            error,
            t({ id: "admin.customer.sync-failed-text", message: "The sync failed" }),
          ),
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
          {t({
            id: "admin.customer.closed-note",
            message:
              "This customer closed their portal login: they cannot sign in, and their profile is anonymised. Their payments and the operator's records stay.",
          })}
        </p>
      ) : null}
      {customer.isRefetchError ? (
        <ErrorState
          title={t({ id: "admin.customer.refresh-failed", message: "The customer could not be refreshed" })}
          note={t({ id: "admin.customer.refresh-failed-note", message: "What is shown may be out of date." })}
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
        title={t({ id: "admin.customer.sessions", message: "Sessions" })}
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
              <Spinner
                label={t({ id: "admin.customer.ending-sessions", message: "Ending sessions" })}
                className="size-4"
              />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            {t({ id: "admin.customer.end-sessions", message: "End all sessions" })}
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
        title={t({ id: "admin.customer.sync-history", message: "Sync history" })}
        shown={detail.syncRuns.items.length}
        total={detail.syncRuns.total}
        actions={
          <Button variant="outline" onClick={onSync} disabled={sync.isPending}>
            {sync.isPending ? (
              <Spinner label={t({ id: "admin.customer.syncing", message: "Syncing" })} className="size-4" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            {t({ id: "admin.customer.sync-now", message: "Sync now" })}
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
            <AlertDialogTitle>
              {t({ id: "admin.customer.end-sessions-confirm", message: `End all of ${name}'s sessions?` })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t({
                id: "admin.customer.end-sessions-confirm-text",
                message: `They will be signed out on every device (${plural(sessionCount, { one: "# session", other: "# sessions" })}) and must sign in again. The audit log records that you did it.`,
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t({ id: "admin.customer.cancel", message: "Cancel" })}</AlertDialogCancel>
            <AlertDialogAction onClick={onEnd}>
              {t({ id: "admin.customer.end-sessions", message: "End all sessions" })}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
