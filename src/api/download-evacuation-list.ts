import { attachmentName } from './attachment-name';
import { call, type CallOptions } from './client';
import { saveDownload } from './save-download';

/** GET company/{companyId}/projectSites/{siteId}/evacuation.pdf: everyone on site now, with emergency contacts, saved by the browser under the server's file name. */
export async function downloadEvacuationList(companyId: string, siteId: string, fallbackName: string, options: CallOptions = {}): Promise<void> {
  const response = await call('get', `company/${encodeURIComponent(companyId)}/projectSites/${encodeURIComponent(siteId)}/evacuation.pdf`, options);
  await saveDownload(response, attachmentName(response, fallbackName));
}
