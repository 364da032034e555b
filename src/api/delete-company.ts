import { call, type CallOptions } from './client';

/** Spec §7 DELETE company/{id}: a soft delete (DESIGN.md); its users lose access at once. */
export async function deleteCompany(companyId: string, options: CallOptions = {}): Promise<void> {
  await call('delete', `company/${encodeURIComponent(companyId)}`, options);
}
