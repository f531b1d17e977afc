import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { TwoFactorEnrolment } from "../../../../shared/api/two-factor";
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
import { failureText, splitFieldErrors } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { useConfirmTwoFactorEnrolment } from "../api/confirm-two-factor-enrolment";
import { useDisableTwoFactor } from "../api/disable-two-factor";
import { useRegenerateRecoveryCodes } from "../api/regenerate-recovery-codes";
import { RecoveryCodesView } from "./recovery-codes-view";
import { TwoFactorCodeField } from "./two-factor-code-field";

const FIELDS = ["code", "recoveryCode"] as const;

/** The server's answer to a wrong or malformed code: the field's message, or the whole text. */
function codeError(error: unknown): { field?: string; other?: string } {
  const text = failureText(
    error,
    i18n._(msg({ id: "settings.two-factor.code-not-checked", message: "The code could not be checked" })),
  );
  const { fieldErrors, otherErrors } = splitFieldErrors(text, FIELDS);
  const field = fieldErrors.code ?? fieldErrors.recoveryCode;
  return { field, other: otherErrors.join(" ") || undefined };
}

function Failure({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** Groups a base32 key in fours, as people copy it by hand; apps ignore the spaces. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** Scan the QR code (or type the key), confirm with one code, then save the recovery codes. */
export function TwoFactorEnrolDialog({
  enrolment,
  onClose,
}: {
  enrolment: TwoFactorEnrolment | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const confirm = useConfirmTwoFactorEnrolment();
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const error = confirm.error ? codeError(confirm.error) : {};

  const close = () => {
    setCode("");
    setCodes(null);
    confirm.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: setCodes });
  };

  return (
    <AlertDialog open={enrolment !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {codes ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {t({ id: "settings.two-factor.save-codes", message: "Save your recovery codes" })}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {t({
                  id: "settings.two-factor.enabled-text",
                  message:
                    "Two-factor authentication is on. From now on, sign-in asks for a code after your password.",
                })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <RecoveryCodesView codes={codes} onSaved={close} />
          </>
        ) : enrolment ? (
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <AlertDialogHeader>
              <AlertDialogTitle>
                {t({ id: "settings.two-factor.enrol-title", message: "Set up an authenticator app" })}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {t({
                  id: "settings.two-factor.enrol-text",
                  message:
                    "Scan the QR code with your authenticator app, then enter the 6-digit code it shows.",
                })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
              alt={t({
                id: "settings.two-factor.qr-alt",
                message: "QR code that adds your account to an authenticator app",
              })}
              width={192}
              height={192}
              className="mx-auto size-48 rounded-md border bg-white"
            />
            <p className="text-center text-sm text-muted-foreground">
              {t({
                id: "settings.two-factor.manual-key",
                message: "Can't scan it? Enter this key in the app instead:",
              })}
              <br />
              <code className="font-mono text-sm break-all text-foreground">{grouped(enrolment.secret)}</code>
            </p>
            <Failure message={error.other} />
            <TwoFactorCodeField kind="code" value={code} onChange={setCode} error={error.field} />
            <AlertDialogFooter>
              <Button variant="outline" onClick={close}>
                {t({ id: "settings.two-factor.cancel", message: "Cancel" })}
              </Button>
              <SubmitButton
                pending={confirm.isPending}
                pendingLabel={t({ id: "settings.two-factor.checking", message: "Checking…" })}
              >
                {t({ id: "settings.two-factor.turn-on", message: "Turn on" })}
              </SubmitButton>
            </AlertDialogFooter>
          </form>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** New recovery codes for a current authenticator code; the old ones stop working. */
export function RegenerateRecoveryCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const error = regenerate.error ? codeError(regenerate.error) : {};
  const close = () => {
    setCode("");
    setCodes(null);
    regenerate.reset();
    onClose();
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>
            {codes
              ? t({ id: "settings.two-factor.new-codes-title", message: "Your new recovery codes" })
              : t({ id: "settings.two-factor.make-codes-title", message: "Make new recovery codes" })}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {codes
              ? t({
                  id: "settings.two-factor.old-codes-void",
                  message: "Your earlier recovery codes no longer work.",
                })
              : t({
                  id: "settings.two-factor.make-codes-text",
                  message:
                    "Your current recovery codes will stop working. Enter a code from your authenticator app.",
                })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {codes ? (
          <RecoveryCodesView codes={codes} onSaved={close} />
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              regenerate.mutate(code, { onSuccess: setCodes });
            }}
          >
            <Failure message={error.other} />
            <TwoFactorCodeField kind="code" value={code} onChange={setCode} error={error.field} />
            <AlertDialogFooter>
              <Button variant="outline" onClick={close}>
                {t({ id: "settings.two-factor.cancel", message: "Cancel" })}
              </Button>
              <SubmitButton
                pending={regenerate.isPending}
                pendingLabel={t({ id: "settings.two-factor.checking", message: "Checking…" })}
              >
                {t({ id: "settings.two-factor.make-codes", message: "Make new codes" })}
              </SubmitButton>
            </AlertDialogFooter>
          </form>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Turning two-factor sign-in off, for a current code or a recovery code. */
export function DisableTwoFactorDialog({
  open,
  onClose,
  onDisabled,
}: {
  open: boolean;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const { t } = useLingui();
  const disable = useDisableTwoFactor();
  const [kind, setKind] = useState<"code" | "recovery">("code");
  const [value, setValue] = useState("");
  const error = disable.error ? codeError(disable.error) : {};
  const close = () => {
    setValue("");
    setKind("code");
    disable.reset();
    onClose();
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <AlertDialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            disable.mutate(kind === "code" ? { code: value } : { recoveryCode: value }, {
              onSuccess: () => {
                close();
                onDisabled();
              },
            });
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "settings.two-factor.disable-title", message: "Turn off two-factor authentication?" })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t({
                id: "settings.two-factor.disable-text",
                message:
                  "Sign-in will ask only for your password. Enter a code from your authenticator app, or a recovery code, to confirm.",
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <Failure message={error.other} />
          <TwoFactorCodeField kind={kind} value={value} onChange={setValue} error={error.field} />
          <Button
            variant="link"
            className="justify-self-start px-0"
            onClick={() => {
              setKind(kind === "code" ? "recovery" : "code");
              setValue("");
              disable.reset();
            }}
          >
            {kind === "code"
              ? t({ id: "settings.two-factor.use-recovery-code", message: "Use a recovery code instead" })
              : t({ id: "settings.two-factor.use-app", message: "Use your authenticator app instead" })}
          </Button>
          <AlertDialogFooter>
            <Button variant="outline" onClick={close}>
              {t({ id: "settings.two-factor.cancel", message: "Cancel" })}
            </Button>
            <SubmitButton
              variant="destructive"
              pending={disable.isPending}
              pendingLabel={t({ id: "settings.two-factor.turning-off", message: "Turning off…" })}
            >
              {t({ id: "settings.two-factor.turn-off", message: "Turn off" })}
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
