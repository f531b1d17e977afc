/**
 * The LinkedIn accounts, with their secrets only when asked for (and freshly proven: the route has
 * checked), and the record of every secret of them shown. Secrets are opened one account at a time
 * as each page is written, and each page's accounts are recorded in the reveal audit (kind "export")
 * before their secrets leave, as every reveal is (decision D7).
 */
import { and, asc, eq, gt } from "drizzle-orm";
import type {
  AccountSecrets,
  LinkedinAccountFileRow,
  SecretRevealFileRow,
} from "../../../shared/api/my-data-files";
import { linkedinAccounts as accounts, auditEvents } from "../../platform/db/schema";
import { openRecoveryCodes } from "../../platform/secrets/recovery-codes";
import { type SecretBox, SecretBoxError } from "../../platform/secrets/secret-box";
import { recordAuditEvents } from "../audit";
import type { ExportContext } from "./export-context";
import { iso, jsonList, keysetPages, mapPages } from "./zip-stream";

const accountColumns = {
  id: accounts.id,
  accountType: accounts.accountType,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  linkedinEmail: accounts.linkedinEmail,
  status: accounts.status,
  isPremium: accounts.isPremium,
  isVerified: accounts.isVerified,
  isOptimized: accounts.isOptimized,
  headline: accounts.headline,
  location: accounts.location,
  industry: accounts.industry,
  gender: accounts.gender,
  connectionsCount: accounts.connectionsCount,
  followers: accounts.followers,
  profileUrl: accounts.profileUrl,
  proxyCountry: accounts.proxyCountry,
  proxyIp: accounts.proxyIp,
  proxyPort: accounts.proxyPort,
  proxyUsername: accounts.proxyUsername,
  proxyZoneName: accounts.proxyZoneName,
  twoFaRecoveryCodeCount: accounts.twoFaRecoveryCodeCount,
  twoFaStatus: accounts.twoFaStatus,
  verificationType: accounts.verificationType,
  notes: accounts.notes,
  createdAt: accounts.createdAt,
  lastSyncedAt: accounts.lastSyncedAt,
  password: accounts.linkedinPasswordEncrypted,
  proxyPassword: accounts.proxyPasswordEncrypted,
  twoFaSecret: accounts.twoFaSecretEncrypted,
  recoveryCodes: accounts.twoFaRecoveryCodesEncrypted,
};

type AccountRow = {
  [K in keyof typeof accountColumns]: (typeof accountColumns)[K]["_"]["notNull"] extends true
    ? (typeof accountColumns)[K]["_"]["data"]
    : (typeof accountColumns)[K]["_"]["data"] | null;
};

/** The account's secrets in the clear; one the key cannot open is named in `unreadable`, not fatal. */
function openSecrets(box: SecretBox, row: AccountRow): AccountSecrets {
  const unreadable: string[] = [];
  const open = <T>(name: string, sealed: string | null, read: (sealed: string) => T): T | null => {
    if (sealed === null) return null;
    try {
      return read(sealed);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      unreadable.push(name);
      return null;
    }
  };
  const opened = (sealed: string) => box.open(sealed);
  return {
    password: open("password", row.password, opened),
    proxyPassword: open("proxyPassword", row.proxyPassword, opened),
    twoFaSecret: open("twoFaSecret", row.twoFaSecret, opened),
    recoveryCodes:
      open("recoveryCodes", row.recoveryCodes, (sealed) => openRecoveryCodes(box, sealed) ?? []) ?? [],
    unreadable,
  };
}

function accountFileRow(row: AccountRow, secrets: AccountSecrets | undefined): LinkedinAccountFileRow {
  return {
    id: row.id,
    accountType: row.accountType,
    firstName: row.firstName,
    lastName: row.lastName,
    linkedinEmail: row.linkedinEmail,
    hasPassword: row.password !== null,
    status: row.status,
    isPremium: row.isPremium,
    isVerified: row.isVerified,
    isOptimized: row.isOptimized,
    headline: row.headline,
    location: row.location,
    industry: row.industry,
    gender: row.gender,
    connectionsCount: row.connectionsCount,
    followers: row.followers,
    profileUrl: row.profileUrl,
    proxyCountry: row.proxyCountry,
    proxyIp: row.proxyIp,
    proxyPort: row.proxyPort,
    proxyUsername: row.proxyUsername,
    proxyZoneName: row.proxyZoneName,
    hasProxyPassword: row.proxyPassword !== null,
    hasTwoFaSecret: row.twoFaSecret !== null,
    twoFaRecoveryCodeCount: row.twoFaRecoveryCodeCount,
    twoFaStatus: row.twoFaStatus,
    verificationType: row.verificationType,
    notes: row.notes,
    createdAt: iso(row.createdAt),
    lastSyncedAt: iso(row.lastSyncedAt),
    ...(secrets ? { secrets } : {}),
  };
}

/** How the reveal audit names an account, as the reveal routes name it. */
function accountLabel(row: AccountRow): string {
  return row.linkedinEmail || row.firstName || `LinkedIn account ${row.id}`;
}

function accountPages(ctx: ExportContext): AsyncIterable<LinkedinAccountFileRow[]> {
  const { db, me } = ctx;
  const pages = keysetPages(
    (afterId, limit) =>
      db
        .select(accountColumns)
        .from(accounts)
        .where(and(eq(accounts.userId, me.id), gt(accounts.id, afterId)))
        .orderBy(asc(accounts.id))
        .limit(limit) as Promise<AccountRow[]>,
  );
  return mapPages(pages, async (page) => {
    if (!ctx.includeSecrets) return page.map((row) => accountFileRow(row, undefined));
    // Recorded before the page's secrets are written; one time for the whole download, so the
    // dashboard's Recent Activity shows it as one export.
    await recordAuditEvents(
      db,
      page.map((row) => ({
        at: ctx.startedAt,
        kind: "secret-revealed",
        actorUserId: me.id,
        subjectUserId: me.id,
        detail: "export",
        target: accountLabel(row),
        targetId: row.id,
        ipAddress: ctx.ip,
      })),
    );
    return page.map((row) => accountFileRow(row, openSecrets(ctx.secretBox, row)));
  });
}

function revealPages({ db, me }: ExportContext): AsyncIterable<SecretRevealFileRow[]> {
  const pages = keysetPages((afterId, limit) =>
    db
      .select({
        id: auditEvents.id,
        // Null once the account is gone, as the file's readme says; the log keeps the id it had.
        accountId: accounts.id,
        accountLabel: auditEvents.target,
        secret: auditEvents.detail,
        actorUserId: auditEvents.actorUserId,
        ip: auditEvents.ipAddress,
        revealedAt: auditEvents.at,
      })
      .from(auditEvents)
      .leftJoin(accounts, eq(accounts.id, auditEvents.targetId))
      .where(
        and(
          eq(auditEvents.subjectUserId, me.id),
          eq(auditEvents.kind, "secret-revealed"),
          gt(auditEvents.id, afterId),
        ),
      )
      .orderBy(asc(auditEvents.id))
      .limit(limit),
  );
  return mapPages(pages, (page) =>
    page.map((row) => {
      // An operator's own id and address are theirs, not the customer's: only that it was not them.
      const byYou = row.actorUserId === me.id;
      return {
        accountId: row.accountId,
        account: row.accountLabel ?? "",
        secret: row.secret ?? "",
        byYou,
        ipAddress: byYou ? row.ip : null,
        at: iso(row.revealedAt),
      };
    }),
  );
}

export const linkedinAccountsFile = (ctx: ExportContext) => jsonList(accountPages(ctx));
export const secretRevealsFile = (ctx: ExportContext) => jsonList(revealPages(ctx));
