/**
 * The README.txt at the top of the download: what the download is, then each file and each of its
 * fields in plain words, written from the descriptions of the contract's schemas, so the README
 * cannot describe a field the files do not have or leave one out.
 */
import { z } from "zod";
import {
  DATA_EXPORT_FILES,
  DATA_EXPORT_README,
  type DataExportFile,
} from "../../../shared/api/my-data-files";

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

function fileSection(file: DataExportFile): string {
  const shape =
    file.shape === "object"
      ? "One JSON object with these fields:"
      : "A JSON list, oldest first, of objects with these fields:";
  return [
    `${file.name}`,
    `  ${file.about}`,
    `  ${shape}`,
    ...fieldLines(file.schema).map((l) => `  ${l}`),
  ].join("\n");
}

export function readmeText(options: { generatedAt: Date; email: string; includeSecrets: boolean }): string {
  const secrets = options.includeSecrets
    ? [
        "This download HOLDS YOUR ACCOUNTS' PASSWORDS, 2FA SECRETS AND RECOVERY CODES in plain text",
        '(the "secrets" of each account in linkedin-accounts.json): anyone with this file can sign in to',
        "those accounts. Keep it somewhere safe and delete it when you no longer need it.",
      ]
    : [
        "This download holds no passwords or 2FA secrets of your accounts. To include them, tick",
        '"Include my accounts\' passwords and 2FA secrets" in Settings before downloading.',
      ];
  return [
    "Your data from the customer portal",
    "===================================",
    "",
    `Made for ${options.email} on ${options.generatedAt.toISOString()} (UTC).`,
    "",
    ...secrets,
    "",
    "Each file below is JSON (UTF-8). Times are in UTC, written as ISO 8601 (2026-11-25T14:03:00.000Z).",
    "Amounts are whole cents: 4900 is 49.00 in the row's currency. null means the portal holds nothing",
    "for that field. The files were read one after another, so a change made while you downloaded",
    "may show in one file and not yet in an earlier one.",
    "",
    "Never in this download: your password (the portal keeps only a hash of it), the secrets that keep",
    "your browsers signed in, your two-factor secret key and recovery codes, and your passkeys'",
    "public keys. The operator's own records and other customers' data are not part of it either.",
    "",
    "Replacement requests: the portal does not hold any yet. When it does, they will appear here as",
    "replacement-requests.json.",
    "",
    `Files`,
    `-----`,
    "",
    `${DATA_EXPORT_README}`,
    "  This file.",
    "",
    DATA_EXPORT_FILES.map(fileSection).join("\n\n"),
    "",
  ]
    .join("\n")
    .replaceAll("\n", "\r\n");
}
