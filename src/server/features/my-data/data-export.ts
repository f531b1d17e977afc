/**
 * One download of a customer's data: counted against their limit, recorded in the identity audit,
 * then streamed as a ZIP of the contract's files (see zip-stream.ts for how it stays small in memory).
 */
import { DATA_EXPORT_LIMIT_PER_HOUR } from "../../../shared/api/my-data";
import {
  DATA_EXPORT_FILES,
  DATA_EXPORT_README,
  type DataExportFileName,
} from "../../../shared/api/my-data-files";
import { hit } from "../../platform/http/rate-limiter";
import { recordIdentityEvent } from "../audit";
import { linkedinAccountsFile, secretRevealsFile } from "./account-files";
import { ordersFile, subscriptionsFile, transactionsFile } from "./billing-files";
import type { ExportContext } from "./export-context";
import { identityAuditFile, profileFile, sessionsFile, signInMethodsFile } from "./identity-files";
import { notificationPreferencesFile, notificationsFile } from "./notification-files";
import { optimizationRequestsFile } from "./optimization-file";
import { readmeText } from "./readme";
import { type ZipEntry, type ZipStream, zipStream } from "./zip-stream";

const EXPORT_LIMIT = { limit: DATA_EXPORT_LIMIT_PER_HOUR, windowMs: 60 * 60_000 };

/** Who writes each file the contract lists: a file without a writer does not compile. */
const WRITERS: Record<DataExportFileName, (ctx: ExportContext) => AsyncIterable<string>> = {
  "profile.json": profileFile,
  "sign-in-methods.json": signInMethodsFile,
  "sessions.json": sessionsFile,
  "linkedin-accounts.json": linkedinAccountsFile,
  "orders.json": ordersFile,
  "transactions.json": transactionsFile,
  "subscriptions.json": subscriptionsFile,
  "optimization-requests.json": optimizationRequestsFile,
  "notifications.json": notificationsFile,
  "notification-preferences.json": notificationPreferencesFile,
  "identity-audit.json": identityAuditFile,
  "secret-reveals.json": secretRevealsFile,
};

export const EXPORTED_WITH_SECRETS = "with the accounts' passwords and 2FA secrets";
export const EXPORTED_WITHOUT_SECRETS = "without secrets";

/**
 * Counts the download (429 past the limit) and records it, then gives the ZIP to stream. Nothing is
 * read for the files until the stream is read.
 */
export async function startDataExport(ctx: ExportContext): Promise<ZipStream> {
  const { db, me } = ctx;
  await hit(db, [{ key: `data-export:${me.id}`, ...EXPORT_LIMIT }], ctx.startedAt);
  await recordIdentityEvent(db, {
    userId: me.id,
    kind: "data-exported",
    detail: ctx.includeSecrets ? EXPORTED_WITH_SECRETS : EXPORTED_WITHOUT_SECRETS,
    ipAddress: ctx.ip,
  });
  const readme = readmeText({
    generatedAt: ctx.startedAt,
    email: me.email,
    includeSecrets: ctx.includeSecrets,
    language: ctx.language,
  });
  const entries: ZipEntry[] = [
    {
      name: DATA_EXPORT_README,
      content: async function* () {
        yield readme;
      },
    },
    ...DATA_EXPORT_FILES.map((file) => ({ name: file.name, content: () => WRITERS[file.name](ctx) })),
  ];
  return zipStream(entries, ctx.startedAt);
}
