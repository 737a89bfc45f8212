/**
 * Saves text as a file through the browser's download, from an extension page: a Blob behind an
 * object URL and a temporary `<a download>`, so no `downloads` permission is needed.
 */
export function downloadTextFile(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the Blob by the next task; revoking later frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
