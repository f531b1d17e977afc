import { useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { downloadFile } from "../../../lib/download";

/** Recovery codes shown once, with a way to keep them as a text file. */
export function RecoveryCodesView({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useLingui();
  const download = () =>
    downloadFile(
      "recovery-codes.txt",
      [
        t({
          id: "settings.recovery-codes.file-title",
          message: "Recovery codes for your Customer Portal account.",
        }),
        t({
          id: "settings.recovery-codes.file-text",
          message: "Each code signs you in once when you cannot use your authenticator app.",
        }),
        "",
        ...codes,
        "",
      ].join("\n"),
      "text/plain;charset=utf-8",
    );
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t({
          id: "settings.recovery-codes.keep-safe",
          message:
            "Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.",
        })}
      </p>
      <ul
        aria-label={t({ id: "settings.recovery-codes.list", message: "Recovery codes" })}
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t({ id: "settings.recovery-codes.download", message: "Download as text" })}
        </Button>
        <Button onClick={onSaved}>
          {t({ id: "settings.recovery-codes.saved", message: "I have saved them" })}
        </Button>
      </div>
    </div>
  );
}
