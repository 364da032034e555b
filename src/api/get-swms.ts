import { decode } from '../domain/decode';
import { Swms } from '../domain/swms';
import { call, type CallOptions } from './client';

const isEmpty = (body: unknown) =>
  body === null || body === undefined || body === '' || (typeof body === 'object' && Object.keys(body).length === 0);

/**
 * GET company/{companyId}/swms/{swmsId}; null when the server answers no data (spec §2: the screen then
 * says 'You are not authorised to view this SWMS').
 */
export async function getSwms(companyId: string, swmsId: string, options: CallOptions = {}): Promise<Swms | null> {
  const path = `company/${encodeURIComponent(companyId)}/swms/${encodeURIComponent(swmsId)}`;
  const text = await (await call('get', path, options)).text();
  const body: unknown = text.trim() === '' ? null : JSON.parse(text);
  if (isEmpty(body)) return null;
  const decoded = decode(Swms, body);
  if (!decoded.ok) throw new Error(`Unexpected response from ${path}: ${decoded.issues[0].path} ${decoded.issues[0].message}`);
  return decoded.value;
}
