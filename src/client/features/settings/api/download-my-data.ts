import { useMutation } from "@tanstack/react-query";
import { DATA_EXPORT_PATH, dataExportFilename } from "../../../../shared/api/my-data";
import { apiRequest } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";

/** The name the server gave the file (`attachment; filename="portal-data-….zip"`), else one like it. */
function filenameOf(res: Response): string {
  return (
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ??
    dataExportFilename(new Date())
  );
}

/**
 * Fetches the ZIP and hands it to the browser to save (decision 033). Through `apiRequest`, so a
 * download with the secrets from a session not freshly proven gets the app's "Confirm it's you"
 * dialog and is then asked for again, and any refusal (429, a session that ended) is told in the
 * card rather than left as a broken download or a page of JSON. Resolves to the file's name.
 */
export async function downloadMyData(includeSecrets: boolean): Promise<string> {
  const res = await apiRequest(
    "GET",
    includeSecrets ? `${DATA_EXPORT_PATH}?includeSecrets=true` : DATA_EXPORT_PATH,
  );
  const blob = await res.blob();
  const filename = filenameOf(res);
  saveBlob(filename, blob);
  return filename;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
