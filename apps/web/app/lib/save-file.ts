/** Saves a downloaded file (an export, the person's data) through a temporary link to its blob. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
