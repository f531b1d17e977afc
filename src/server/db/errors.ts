/** The name of the unique constraint a failed insert or update hit, if that is why it failed. */
export function violatedUniqueConstraint(err: unknown): string | undefined {
  const cause =
    (err as { cause?: { code?: string; constraint?: string } })?.cause ??
    (err as { code?: string; constraint?: string });
  if (cause?.code !== "23505") return undefined;
  return cause.constraint ?? "unknown";
}
