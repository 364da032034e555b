import { call, type CallOptions } from './client';
import { saveDownload } from './save-download';

/** GET company/{id}/swms/{swmsId}/pdf: the whole SWMS as an A4 PDF, saved by the browser. */
export async function downloadSwmsPdf(companyId: string, swmsId: string, fileName: string, options: CallOptions = {}): Promise<void> {
  const response = await call('get', `company/${encodeURIComponent(companyId)}/swms/${encodeURIComponent(swmsId)}/pdf`, options);
  await saveDownload(response, fileName);
}
