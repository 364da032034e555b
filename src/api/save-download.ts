/** Hands a file the API answered to the browser's download, under the given name. */
export async function saveDownload(response: Response, fileName: string): Promise<void> {
  saveBlob(await response.blob(), fileName);
}

/** Hands bytes made in the browser to its download, under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
