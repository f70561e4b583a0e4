/**
 * Saves a downloaded file (an export, a PDF) under `fileName` through a temporary link: the call that fetched it
 * needs the manager's bearer token, which a plain link would not send.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
