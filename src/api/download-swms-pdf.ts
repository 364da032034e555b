import { call } from './client';
import { saveDownload } from './save-download';

/** GET company/{id}/swms/{swmsId}/pdf: the whole SWMS as an A4 PDF, saved by the browser. */
export async function downloadSwmsPdf(companyId: string, swmsId: string, fileName: string): Promise<void> {
  const response = await call('get', `company/${encodeURIComponent(companyId)}/swms/${encodeURIComponent(swmsId)}/pdf`);
  await saveDownload(response, fileName);
}
