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
import { toast } from "../../../lib/use-toast";
import { PasskeyNotCreated, useAddPasskey } from "../api/add-passkey";
import { usePasskeys } from "../api/get-passkeys";
import { useRemovePasskey } from "../api/remove-passkey";
import { useRenamePasskey } from "../api/rename-passkey";

const supportsPasskeys = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** The name typed for a passkey, checked as the server will, or the message saying what is wrong. */
function checkName(value: string): { name: string } | { error: string } {
  const parsed = passkeyNameSchema.safeParse(value);
  return parsed.success
    ? { name: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? "Invalid name" };
}

function failed(title: string, error: unknown, fallback: string) {
  toast({ variant: "destructive", title, description: errorMessage(error, fallback) });
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
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
          toast({ title: "Passkey renamed", description: `It is now called ${checked.name}.` });
          onDone();
        },
        onError: (e) => setError(errorMessage(e, "The passkey could not be renamed")),
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-2">
      <FormField label={`New name for ${passkey.name}`} error={error} className="min-w-48 flex-1">
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
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemovePasskey();
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () =>
        toast({ title: "Passkey removed", description: `${passkey.name} no longer signs you in.` }),
      onError: (error) => failed("Passkey not removed", error, "The passkey could not be removed"),
    });

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
            {passkey.backedUp ? <Badge variant="secondary">Synced</Badge> : null}
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
        </p>
        <p className="text-xs text-muted-foreground">
          {passkey.lastUsedAt ? (
            <>
              Last used <time dateTime={passkey.lastUsedAt}>{formatDateTime(passkey.lastUsedAt)}</time>
            </>
          ) : (
            "Not used yet"
          )}
        </p>
      </div>
      {renaming ? null : (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Rename ${passkey.name}`}
            onClick={() => setRenaming(true)}
          >
            <Pencil aria-hidden="true" />
            Rename
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Remove ${passkey.name}`}
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove {passkey.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              This passkey will no longer sign you in. The device may keep it until you delete it there too.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={onRemove}>Remove passkey</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

function AddPasskeyForm() {
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
        toast({ title: "Passkey added", description: `${saved.name} now signs you in.` });
      },
      onError: (e) => {
        if (e instanceof PasskeyNotCreated) setError(e.message);
        else setError(errorMessage(e, e.message || "The passkey could not be added"));
      },
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-2 border-t pt-4">
      <FormField
        label="Passkey name"
        hint="Say where it lives, such as “Work laptop” or “My phone”."
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
        Add a passkey
      </Button>
    </form>
  );
}

/** The user's passkeys: when each was added and last used, adding one, renaming and removing. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const supported = supportsPasskeys();
  return (
    <Card role="region" aria-label="Passkeys">
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of a password. A passkey counts as both
          factors.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading passkeys" />
          </div>
        ) : passkeys.isError ? (
          <InlineError
            message={failureText(passkeys.error, "Your passkeys could not be loaded")}
            onRetry={() => void passkeys.refetch()}
            retrying={passkeys.isFetching}
            className="justify-between rounded-lg border border-dashed p-4"
          />
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="divide-y">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {supported ? (
          <AddPasskeyForm />
        ) : (
          <p className="border-t pt-4 text-sm text-muted-foreground">This browser cannot create passkeys.</p>
        )}
      </CardContent>
    </Card>
  );
}
