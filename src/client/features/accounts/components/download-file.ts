/** Hands the browser a file to save, made in the page (no round trip to the server). */
export function downloadFile(filename: string, content: string, type: string): void {
  // A byte-order mark tells spreadsheets the file is UTF-8, so names with accents open correctly.
  const url = URL.createObjectURL(new Blob(["\uFEFF", content], { type }));
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
