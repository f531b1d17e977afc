/**
 * "Download my data": `GET /api/me/data-export` answers one ZIP of everything the portal
 * holds about the signed-in customer, a JSON file per kind and a README. This is the request's
 * contract; the files' own are in my-data-files.ts, which the app does not load.
 */
import { z } from "zod";

export const DATA_EXPORT_PATH = "/api/me/data-export";

/** Downloads a customer may start in an hour. */
export const DATA_EXPORT_LIMIT_PER_HOUR = 10;

/**
 * `includeSecrets=true` adds the accounts' passwords, 2FA secrets and recovery codes; it needs a
 * fresh proof (decision 023). Anything else in the query is refused, so a typo is not a quiet
 * download without what was asked for.
 */
export const dataExportQuerySchema = z
  .object({
    includeSecrets: z
      .enum(["true", "false"], { error: "must be true or false" })
      .optional()
      .transform((value) => value === "true"),
  })
  .strict();

/** `portal-data-2026-11-25.zip`: the UTC day of the download. */
export function dataExportFilename(now: Date): string {
  return `portal-data-${now.toISOString().slice(0, 10)}.zip`;
}
