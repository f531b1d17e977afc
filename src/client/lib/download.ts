/** Handing the browser a file to save: one the page made, or one it has already received. */

/** Saves `blob` under `filename` through a temporary link. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves text made in the page (no round trip to the server). */
export function downloadFile(filename: string, content: string, type: string): void {
  // A byte-order mark tells spreadsheets the file is UTF-8, so names with accents open correctly.
  saveBlob(filename, new Blob(["\uFEFF", content], { type }));
}
