/** The file name the server gave a download (Content-Disposition), else `fallback`. */
export function attachmentName(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const quoted = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const bare = /filename=([^;\s]+)/i.exec(disposition)?.[1];
  return (quoted ?? bare ?? '').trim() || fallback;
}
