import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CircleAlert, Eye } from "lucide-react";
import { useState } from "react";
import { startViewingSchema, VIEW_AS_REASON_MAX, VIEW_AS_REASON_MIN } from "../../../../shared/api/view-as";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { failureText } from "../../../lib/api-error";
import type { SharedTexts } from "../../../lib/shared-text";
import { useServerForm } from "../../../lib/use-server-form";
import { useStartViewing } from "../api/view-as-start";

const min = VIEW_AS_REASON_MIN;
const max = VIEW_AS_REASON_MAX;

/** What the reason's shared schema says, in the page's language (the server's ids). */
const REASON_TEXTS: SharedTexts = new Map([
  [
    `Reason must be at least ${VIEW_AS_REASON_MIN} characters`,
    msg({ id: "validation.reason.too-short", message: `Reason must be at least ${min} characters` }),
  ],
  [
    `Reason must be at most ${VIEW_AS_REASON_MAX} characters`,
    msg({ id: "validation.reason.too-long", message: `Reason must be at most ${max} characters` }),
  ],
]);

/** The customer a button views as: their UID for the call, their name for the dialog's words. */
export interface ViewAsCustomer {
  uid: string;
  name: string;
}

/**
 * "View as customer" (decision 036): asks the administrator why, then turns their session into one
 * that sees the portal as this customer, read only, and opens the customer's dashboard. The reason
 * goes to the audit log; the customer later sees that support viewed their account, and when.
 */
export function ViewAsButton({
  customer,
  disabled = false,
}: {
  customer: ViewAsCustomer;
  /** For a customer who cannot be viewed (a closed login, an administrator). */
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
        <Eye aria-hidden="true" />
        {t({ id: "admin.view-as.button", message: "View as customer" })}
      </Button>
      {open ? <ViewAsDialog customer={customer} onCancel={() => setOpen(false)} /> : null}
    </>
  );
}

function ViewAsDialog({ customer, onCancel }: { customer: ViewAsCustomer; onCancel: () => void }) {
  const { t } = useLingui();
  const start = useStartViewing(customer.uid);
  const { form, showServerError } = useServerForm(startViewingSchema, {
    defaultValues: { reason: "" },
    serverFields: ["reason"],
    texts: REASON_TEXTS,
  });
  const [failure, setFailure] = useState<string | undefined>();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      await start.mutateAsync(body);
    } catch (error) {
      const { fields } = showServerError(error);
      if (fields.length === 0)
        setFailure(
          failureText(
            error,
            t({ id: "admin.view-as.failed", message: "Viewing as this customer could not start" }),
          ),
        );
    }
  });

  const name = customer.name;
  return (
    <AlertDialog open onOpenChange={(next) => (next || start.isPending ? undefined : onCancel())}>
      <AlertDialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          form.setFocus("reason");
        }}
      >
        <form noValidate onSubmit={submit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "admin.view-as.title", message: `View as ${name}?` })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t({
                id: "admin.view-as.description",
                message:
                  "You will see the portal as this customer sees it, read only: nothing can be changed, downloaded or revealed until you stop viewing. Your reason is kept in the audit log, and the customer can see in their settings that support viewed their account, and when.",
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {failure ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <FormField
            label={t({ id: "admin.view-as.reason", message: "Reason" })}
            hint={t({
              id: "admin.view-as.reason-hint",
              message: "A ticket number or a few words on what you are checking.",
            })}
            error={errors.reason?.message}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                maxLength={VIEW_AS_REASON_MAX}
                {...form.register("reason")}
              />
            )}
          </FormField>
          <AlertDialogFooter>
            <Button variant="outline" onClick={onCancel} disabled={start.isPending}>
              {t({ id: "admin.view-as.cancel", message: "Cancel" })}
            </Button>
            <SubmitButton
              pending={start.isPending}
              pendingLabel={t({ id: "admin.view-as.starting", message: "Starting…" })}
            >
              {t({ id: "admin.view-as.start", message: "Start viewing" })}
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
