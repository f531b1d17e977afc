/**
 * The README.txt at the top of the download: what the download is, then each file and each of its
 * fields in plain words, written from the descriptions of the contract's schemas, so the README
 * cannot describe a field the files do not have or leave one out. What the README itself says (the
 * download, its secrets, each file) speaks the customer's language; the fields' descriptions are the
 * contract's own, shared with the API reference, and stay in English.
 */
import { z } from "zod";
import {
  DATA_EXPORT_FILES,
  DATA_EXPORT_README,
  type DataExportFile,
  type DataExportFileName,
} from "../../../shared/api/my-data-files";
import type { Language } from "../../../shared/i18n/languages";
import { type ServerMessage, sayIn } from "../../platform/i18n/message";

/** What each file is, in the words of src/shared/api/my-data-files.ts (`about`). */
export const FILE_ABOUT: Record<DataExportFileName, ServerMessage> = {
  "profile.json": /*i18n*/ {
    id: "data-export.about.profile",
    message: "Your profile in the portal. Your password is not in it: the portal keeps only a hash of it.",
  },
  "sign-in-methods.json": /*i18n*/ {
    id: "data-export.about.sign-in-methods",
    message: "How you sign in: password, two-factor, passkeys and Google.",
  },
  "sessions.json": /*i18n*/ {
    id: "data-export.about.sessions",
    message:
      "The browsers signed in to the portal as you (the secret that keeps each signed in is left out).",
  },
  "linkedin-accounts.json": /*i18n*/ {
    id: "data-export.about.linkedin-accounts",
    message: "The LinkedIn accounts you bought, as the accounts page shows them.",
  },
  "orders.json": /*i18n*/ { id: "data-export.about.orders", message: "Every order you placed in the shop." },
  "transactions.json": /*i18n*/ {
    id: "data-export.about.transactions",
    message: "Your payments, renewals, failed payments and refunds: the portal's ledger rows about you.",
  },
  "subscriptions.json": /*i18n*/ {
    id: "data-export.about.subscriptions",
    message: "Your plans with the payment provider.",
  },
  "optimization-requests.json": /*i18n*/ {
    id: "data-export.about.optimization-requests",
    message: "Your profile-optimization requests.",
  },
  "notifications.json": /*i18n*/ {
    id: "data-export.about.notifications",
    message: "What the portal told you had changed: the list behind the bell.",
  },
  "notification-preferences.json": /*i18n*/ {
    id: "data-export.about.notification-preferences",
    message: "Which notifications you also get by mail.",
  },
  "identity-audit.json": /*i18n*/ {
    id: "data-export.about.identity-audit",
    message:
      "The portal's record of your sign-ins and failed attempts, changes to how you sign in, proofs, downloads, and what operators did to your account.",
  },
  "secret-reveals.json": /*i18n*/ {
    id: "data-export.about.secret-reveals",
    message: "Each time a secret of one of your accounts was shown, to you or to an operator.",
  },
};

const README = {
  title: /*i18n*/ { id: "data-export.readme.title", message: "Your data from the customer portal" },
  madeFor: /*i18n*/ { id: "data-export.readme.made-for", message: "Made for {email} on {time} (UTC)." },
  withSecrets: /*i18n*/ {
    id: "data-export.readme.with-secrets",
    message:
      'This download HOLDS YOUR ACCOUNTS\' PASSWORDS, 2FA SECRETS AND RECOVERY CODES in plain text\n(the "secrets" of each account in linkedin-accounts.json): anyone with this file can sign in to\nthose accounts. Keep it somewhere safe and delete it when you no longer need it.',
  },
  withoutSecrets: /*i18n*/ {
    id: "data-export.readme.without-secrets",
    message:
      'This download holds no passwords or 2FA secrets of your accounts. To include them, tick\n"Include my accounts\' passwords and 2FA secrets" in Settings before downloading.',
  },
  format: /*i18n*/ {
    id: "data-export.readme.format",
    message:
      "Each file below is JSON (UTF-8). Times are in UTC, written as ISO 8601 (2026-11-25T14:03:00.000Z).\nAmounts are whole cents: 4900 is 49.00 in the row's currency. null means the portal holds nothing\nfor that field. The files were read one after another, so a change made while you downloaded\nmay show in one file and not yet in an earlier one.",
  },
  never: /*i18n*/ {
    id: "data-export.readme.never",
    message:
      "Never in this download: your password (the portal keeps only a hash of it), the secrets that keep\nyour browsers signed in, your two-factor secret key and recovery codes, and your passkeys'\npublic keys. The operator's own records and other customers' data are not part of it either.",
  },
  requests: /*i18n*/ {
    id: "data-export.readme.requests",
    message:
      "Replacement requests: the portal does not hold any yet. When it does, they will appear here as\nreplacement-requests.json.",
  },
  files: /*i18n*/ { id: "data-export.readme.files", message: "Files" },
  thisFile: /*i18n*/ { id: "data-export.readme.this-file", message: "This file." },
  oneObject: /*i18n*/ { id: "data-export.readme.one-object", message: "One JSON object with these fields:" },
  list: /*i18n*/ {
    id: "data-export.readme.list",
    message: "A JSON list, oldest first, of objects with these fields:",
  },
};

/** The schema inside null, optional and default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/** One line per field, nested objects' fields under their parent's name ("lines[].quantity"). */
export function fieldLines(schema: z.ZodObject, prefix = ""): string[] {
  const lines: string[] = [];
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const name = `${prefix}${key}`;
    lines.push(`  ${name}: ${field.description ?? ""}`.trimEnd());
    const inner = unwrapped(field);
    if (inner instanceof z.ZodObject) lines.push(...fieldLines(inner, `${name}.`));
    if (inner instanceof z.ZodArray) {
      const element = unwrapped(inner.element as z.ZodType);
      if (element instanceof z.ZodObject) lines.push(...fieldLines(element, `${name}[].`));
    }
  }
  return lines;
}

function fileSection(file: DataExportFile, say: (said: ServerMessage) => string): string {
  const shape = say(file.shape === "object" ? README.oneObject : README.list);
  const about = (FILE_ABOUT as Record<string, ServerMessage | undefined>)[file.name];
  return [
    `${file.name}`,
    `  ${about ? say(about) : file.about}`,
    `  ${shape}`,
    ...fieldLines(file.schema).map((l) => `  ${l}`),
  ].join("\n");
}

export function readmeText(options: {
  generatedAt: Date;
  email: string;
  includeSecrets: boolean;
  language: Language;
}): string {
  const say = (said: ServerMessage) => sayIn(options.language, said);
  const title = say(README.title);
  const files = say(README.files);
  return [
    title,
    `${"=".repeat(title.length + 1)}`,
    "",
    say({ ...README.madeFor, values: { email: options.email, time: options.generatedAt.toISOString() } }),
    "",
    say(options.includeSecrets ? README.withSecrets : README.withoutSecrets),
    "",
    say(README.format),
    "",
    say(README.never),
    "",
    say(README.requests),
    "",
    files,
    "-".repeat(files.length),
    "",
    `${DATA_EXPORT_README}`,
    `  ${say(README.thisFile)}`,
    "",
    DATA_EXPORT_FILES.map((file) => fileSection(file, say)).join("\n\n"),
    "",
  ]
    .join("\n")
    .replaceAll("\n", "\r\n");
}
