/** The name of the unique constraint a failed insert or update hit, if that is why it failed. */
export function violatedUniqueConstraint(err: unknown): string | undefined {
  const cause =
    (err as { cause?: { code?: string; constraint?: string } })?.cause ??
    (err as { code?: string; constraint?: string });
  if (cause?.code !== "23505") return undefined;
  return cause.constraint ?? "unknown";
}

/**
 * Why the database refused a statement for the data it was given, if it did: SQLSTATE class 22 (a
 * value the column cannot hold) or 23 (a constraint). Anything else (a lost connection, a bug) is not.
 */
export function refusedData(err: unknown): { code: string; message: string } | undefined {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause ?? err;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== "string" || !/^2[23][0-9A-Z]{3}$/.test(code)) return undefined;
  return { code, message: typeof message === "string" ? message : "" };
}
