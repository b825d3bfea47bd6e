// Saves a file the page holds (a download's answer, a file made here) under a name: a link to it
// is clicked, and its object URL freed once the browser has surely started the download.
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
