import { browserTimeZone } from '../domain/site-time-zone';
import type { SwmsExportRequest } from '../domain/swms';
import { call, type CallOptions } from './client';
import { saveDownload } from './save-download';

/** POST company/{id}/swms/pdf: one PDF of the selection, on this browser's clock, saved by the browser as it arrives in full. */
export async function exportSwmsPdf(companyId: string, request: SwmsExportRequest, options: CallOptions = {}): Promise<void> {
  const timeZone = browserTimeZone();
  const response = await call('post', `company/${encodeURIComponent(companyId)}/swms/pdf`, { ...options, json: timeZone ? { ...request, timeZone } : request });
  await saveDownload(response, `swms-records-${new Date().toISOString().slice(0, 10)}.pdf`);
}
