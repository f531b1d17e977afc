import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound, LoaderCircle, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type Passkey, passkeyNameSchema } from "../../../../shared/api/passkeys";
import { InlineError } from "../../../components/error-state";
import { FormField } from "../../../components/form-field";
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
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage, failureText } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/format";
import { i18n } from "../../../lib/i18n/i18n";
import { sharedText } from "../../../lib/shared-text";
import { toast } from "../../../lib/use-toast";
import { PasskeyNotCreated, useAddPasskey } from "../api/add-passkey";
import { usePasskeys } from "../api/get-passkeys";
import { useRemovePasskey } from "../api/remove-passkey";
import { useRenamePasskey } from "../api/rename-passkey";
import { SETTINGS_SHARED_TEXTS } from "../shared-texts";

const supportsPasskeys = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** The name typed for a passkey, checked as the server will, or the message saying what is wrong. */
function checkName(value: string): { name: string } | { error: string } {
  const parsed = passkeyNameSchema.safeParse(value);
  return parsed.success
    ? { name: parsed.data }
    : {
        error: (() => {
          const message = parsed.error.issues[0]?.message;
          return message
            ? sharedText(message, SETTINGS_SHARED_TEXTS)
            : i18n._(msg({ id: "settings.passkeys.invalid-name", message: "Invalid name" }));
        })(),
      };
}

function failed(title: string, error: unknown, fallback: string) {
  toast({ variant: "destructive", title, description: errorMessage(error, fallback) });
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useLingui();
  const rename = useRenamePasskey();
  const [value, setValue] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkName(value);
    if ("error" in checked) return setError(checked.error);
    rename.mutate(
      { id: passkey.id, name: checked.name },
      {
        onSuccess: () => {
          const newName = checked.name;
          toast({
            title: t({ id: "settings.passkeys.renamed", message: "Passkey renamed" }),
            description: t({ id: "settings.passkeys.renamed-text", message: `It is now called ${newName}.` }),
          });
          onDone();
        },
        onError: (e) =>
          setError(
            errorMessage(
              e,
              t({ id: "settings.passkeys.rename-failed", message: "The passkey could not be renamed" }),
            ),
          ),
      },
    );
  };
  const name = passkey.name;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-2">
      <FormField
        label={t({ id: "settings.passkeys.new-name", message: `New name for ${name}` })}
        error={error}
        className="min-w-48 flex-1"
      >
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={80}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {t({ id: "settings.passkeys.save", message: "Save" })}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {t({ id: "settings.passkeys.cancel", message: "Cancel" })}
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { t } = useLingui();
  const remove = useRemovePasskey();
  const name = passkey.name;
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () =>
        toast({
          title: t({ id: "settings.passkeys.removed", message: "Passkey removed" }),
          description: t({
            id: "settings.passkeys.removed-text",
            message: `${name} no longer signs you in.`,
          }),
        }),
      onError: (error) =>
        failed(
          t({ id: "settings.passkeys.not-removed", message: "Passkey not removed" }),
          error,
          t({ id: "settings.passkeys.remove-failed", message: "The passkey could not be removed" }),
        ),
    });
  const createdAt = formatDateTime(passkey.createdAt);
  const lastUsedAt = passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : "";

  return (
    <li className="flex flex-wrap items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <KeyRound aria-hidden="true" className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        {renaming ? (
          <RenameForm passkey={passkey} onDone={() => setRenaming(false)} />
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="break-all">{passkey.name}</span>
            {passkey.backedUp ? (
              <Badge variant="secondary">{t({ id: "settings.passkeys.synced", message: "Synced" })}</Badge>
            ) : null}
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          <Trans id="settings.passkeys.added-at">
            Added <time dateTime={passkey.createdAt}>{createdAt}</time>
          </Trans>
        </p>
        <p className="text-xs text-muted-foreground">
          {passkey.lastUsedAt ? (
            <Trans id="settings.passkeys.last-used-at">
              Last used <time dateTime={passkey.lastUsedAt}>{lastUsedAt}</time>
            </Trans>
          ) : (
            t({ id: "settings.passkeys.not-used", message: "Not used yet" })
          )}
        </p>
      </div>
      {renaming ? null : (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t({ id: "settings.passkeys.rename-label", message: `Rename ${name}` })}
            onClick={() => setRenaming(true)}
          >
            <Pencil aria-hidden="true" />
            {t({ id: "settings.passkeys.rename", message: "Rename" })}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={t({ id: "settings.passkeys.remove-label", message: `Remove ${name}` })}
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            {t({ id: "settings.passkeys.remove", message: "Remove" })}
          </Button>
        </div>
      )}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "settings.passkeys.remove-title", message: `Remove ${name}?` })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t({
                id: "settings.passkeys.remove-text",
                message:
                  "This passkey will no longer sign you in. The device may keep it until you delete it there too.",
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t({ id: "settings.passkeys.cancel", message: "Cancel" })}</AlertDialogCancel>
            <AlertDialogAction onClick={onRemove}>
              {t({ id: "settings.passkeys.remove-confirm", message: "Remove passkey" })}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

function AddPasskeyForm() {
  const { t } = useLingui();
  const add = useAddPasskey();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkName(value);
    if ("error" in checked) return setError(checked.error);
    setError(undefined);
    add.mutate(checked.name, {
      onSuccess: (saved) => {
        setValue("");
        const name = saved.name;
        toast({
          title: t({ id: "settings.passkeys.added", message: "Passkey added" }),
          description: t({ id: "settings.passkeys.added-text", message: `${name} now signs you in.` }),
        });
      },
      onError: (e) => {
        if (e instanceof PasskeyNotCreated) setError(e.message);
        else
          setError(
            errorMessage(
              e,
              e.message ||
                t({ id: "settings.passkeys.add-failed", message: "The passkey could not be added" }),
            ),
          );
      },
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-2 border-t pt-4">
      <FormField
        label={t({ id: "settings.passkeys.name", message: "Passkey name" })}
        hint={t({
          id: "settings.passkeys.name-hint",
          message: "Say where it lives, such as “Work laptop” or “My phone”.",
        })}
        error={error}
        className="min-w-48 flex-1"
      >
        {(control) => (
          <Input
            {...control}
            maxLength={80}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
        {add.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Plus aria-hidden="true" />
        )}
        {t({ id: "settings.passkeys.add", message: "Add a passkey" })}
      </Button>
    </form>
  );
}

/** The user's passkeys: when each was added and last used, adding one, renaming and removing. */
export function PasskeysCard() {
  const { t } = useLingui();
  const passkeys = usePasskeys();
  const supported = supportsPasskeys();
  const title = t({ id: "settings.passkeys.title", message: "Passkeys" });
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {t({
            id: "settings.passkeys.description",
            message:
              "Sign in with your fingerprint, face or screen lock instead of a password. A passkey counts as both factors.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t({ id: "settings.passkeys.loading", message: "Loading passkeys" })} />
          </div>
        ) : passkeys.isError ? (
          <InlineError
            message={failureText(
              passkeys.error,
              t({ id: "settings.passkeys.load-failed", message: "Your passkeys could not be loaded" }),
            )}
            onRetry={() => void passkeys.refetch()}
            retrying={passkeys.isFetching}
            className="justify-between rounded-lg border border-dashed p-4"
          />
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t({ id: "settings.passkeys.none", message: "You have no passkeys yet." })}
          </p>
        ) : (
          <ul aria-label={t({ id: "settings.passkeys.list", message: "Your passkeys" })} className="divide-y">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {supported ? (
          <AddPasskeyForm />
        ) : (
          <p className="border-t pt-4 text-sm text-muted-foreground">
            {t({ id: "settings.passkeys.unsupported", message: "This browser cannot create passkeys." })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
