import { attachmentName } from './attachment-name';
import { call, type CallOptions } from './client';
import { saveDownload } from './save-download';

/** GET company/{companyId}/projectSites/{siteId}/poster.pdf: the A4 site poster with the QR code, saved by the browser under the server's file name. */
export async function downloadSitePoster(companyId: string, siteId: string, fallbackName: string, options: CallOptions = {}): Promise<void> {
  const response = await call('get', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/poster.pdf`, options);
  await saveDownload(response, attachmentName(response, fallbackName));
}
