import { useMutation } from "@tanstack/react-query";
import type { ExportedSecrets } from "../../../../shared/api/linkedin-accounts";
import { apiRequest } from "../../../lib/api-client";

/** The secrets of the accounts being exported, asked for in batches the server accepts. */
export async function exportSecrets(uid: string, accountIds: readonly number[]): Promise<ExportedSecrets> {
  // The schema, and zod with it, loads with the first request: the screen's first load goes without
  // them (decision 013).
  const { exportedSecretsSchema, MAX_EXPORT_ACCOUNTS } = await import(
    "../../../../shared/api/linkedin-accounts"
  );
  const secrets: ExportedSecrets = [];
  for (let i = 0; i < accountIds.length; i += MAX_EXPORT_ACCOUNTS) {
    const batch = accountIds.slice(i, i + MAX_EXPORT_ACCOUNTS);
    const res = await apiRequest(
      "POST",
      `/api/accounts/linkedin/user/${encodeURIComponent(uid)}/export-secrets`,
      {
        accountIds: batch,
      },
    );
    secrets.push(...exportedSecretsSchema.parse(await res.json()));
  }
  return secrets;
}

export function useExportSecrets(uid: string) {
  return useMutation({ mutationFn: (accountIds: readonly number[]) => exportSecrets(uid, accountIds) });
}
