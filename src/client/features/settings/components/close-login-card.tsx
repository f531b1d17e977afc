import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { useMemo, useState } from "react";
import { closeLoginSchema, isOwnEmail } from "../../../../shared/api/close-login";
import type { CurrentUser } from "../../../../shared/api/user";
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
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { asksForFreshProof } from "../../../lib/fresh-proof";
import { i18n } from "../../../lib/i18n/i18n";
import { useServerForm } from "../../../lib/use-server-form";
import { useCloseLogin } from "../api/close-login";
import { SETTINGS_SHARED_TEXTS } from "../shared-texts";

/**
 * Settings → Your data: closing the portal login for good (decision 034). The card says what closing
 * does and does not do; its dialog asks for the account's email, typed, then (when the session needs
 * one) the fresh proof the app asks for, and the customer lands on the sign-in screen, which says so.
 */
export function CloseLoginCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const title = t({ id: "settings.close-login.title", message: "Close my portal login" });
  const email = user.email;
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {t({ id: "settings.close-login.description", message: "End your login to this portal for good." })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="font-medium">
            {t({ id: "settings.close-login.does-title", message: "What closing does" })}
          </h3>
          <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground">
            <li>
              {t({ id: "settings.close-login.does.sign-out", message: "Signs you out in every browser." })}
            </li>
            <li>
              {t({
                id: "settings.close-login.does.remove-sign-in",
                message: "Removes your password, passkeys, two-factor authentication and Google link.",
              })}
            </li>
            <li>
              {t({
                id: "settings.close-login.does.remove-profile",
                message: "Removes your name, email, username and picture from your profile in the portal.",
              })}
            </li>
            <li>
              {t({
                id: "settings.close-login.does.confirmation",
                message: `Emails a confirmation to ${email}.`,
              })}
            </li>
          </ul>
        </div>
        <div className="grid content-start gap-2">
          <h3 className="font-medium">
            {t({ id: "settings.close-login.does-not-title", message: "What it does not do" })}
          </h3>
          <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground">
            <li>
              {t({
                id: "settings.close-login.does-not.records",
                message:
                  "We keep our records of your LinkedIn accounts, orders and optimization requests, and your payment history, as bookkeeping law requires.",
              })}
            </li>
            <li>
              {t({
                id: "settings.close-login.does-not.plan",
                message:
                  "It does not cancel a plan: cancel it first with Manage billing on Transaction History.",
              })}
            </li>
            <li>
              {t({
                id: "settings.close-login.does-not.final",
                message:
                  "As an existing customer you can set up a login again later, with Set up your login.",
              })}
            </li>
          </ul>
        </div>
      </CardContent>
      <CardFooter className="border-t pt-6">
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {title}
        </Button>
      </CardFooter>
      {open ? <CloseLoginDialog user={user} onCancel={() => setOpen(false)} /> : null}
    </Card>
  );
}

function CloseLoginDialog({ user, onCancel }: { user: CurrentUser; onCancel: () => void }) {
  const { t } = useLingui();
  const close = useCloseLogin();
  // The same check as the server's, before the request: a typo never costs a fresh proof.
  const formSchema = useMemo(
    () =>
      closeLoginSchema.refine((body) => isOwnEmail(body.email, user.email), {
        path: ["email"],
        // Worded when the check runs, in the language the page speaks then.
        error: () =>
          i18n._(
            msg({
              id: "error.close-login.email-mismatch",
              message: "This is not the email of your account: type it exactly as Settings shows it",
            }),
          ),
      }),
    [user.email],
  );
  const { form, showServerError } = useServerForm(formSchema, {
    defaultValues: { email: "" },
    serverFields: ["email"],
    texts: SETTINGS_SHARED_TEXTS,
  });
  const [failure, setFailure] = useState<string | undefined>();
  const { errors } = form.formState;
  const email = user.email;

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      await close.mutateAsync(body);
    } catch (error) {
      // The proof was asked for and not given: nothing happened.
      if (error instanceof ApiError && asksForFreshProof(error.status, error.body)) {
        setFailure(
          t({
            id: "settings.close-login.not-proven",
            message: "Your login is still open: confirm it's you to close it.",
          }),
        );
        return;
      }
      const { fields } = showServerError(error);
      if (fields.length === 0) {
        setFailure(
          failureText(
            error,
            t({ id: "settings.close-login.failed", message: "Your login could not be closed" }),
          ),
        );
      }
    }
  });

  return (
    <AlertDialog open onOpenChange={(next) => (next || close.isPending ? undefined : onCancel())}>
      <AlertDialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onOpenAutoFocus={(event) => {
          // Straight to the field to type in; Cancel is one Tab away.
          event.preventDefault();
          form.setFocus("email");
        }}
      >
        <form noValidate onSubmit={submit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "settings.close-login.dialog-title", message: "Close your portal login?" })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              <Trans id="settings.close-login.dialog-text">
                You will be signed out everywhere and cannot sign in with this login again. To confirm, type
                your email: <strong className="font-medium break-all text-foreground">{email}</strong>
              </Trans>
            </AlertDialogDescription>
          </AlertDialogHeader>
          {failure ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <FormField
            label={t({ id: "settings.close-login.email", message: "Your email" })}
            error={errors.email?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                spellCheck={false}
                {...form.register("email")}
              />
            )}
          </FormField>
          <AlertDialogFooter>
            <Button variant="outline" onClick={onCancel} disabled={close.isPending}>
              {t({ id: "settings.close-login.cancel", message: "Cancel" })}
            </Button>
            <SubmitButton
              variant="destructive"
              pending={close.isPending}
              pendingLabel={t({ id: "settings.close-login.closing", message: "Closing…" })}
            >
              {t({ id: "settings.close-login.submit", message: "Close my login" })}
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
