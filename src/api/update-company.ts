import { Company, type CompanyInput } from '../domain/company';
import { callForJson, type CallOptions } from './client';

/** Spec §7 PUT company/{id}: an absent image keeps the logo, null removes it; the server deletes a replaced one. */
export function updateCompany(companyId: string, input: CompanyInput, options: CallOptions = {}): Promise<Company> {
  return callForJson(Company, 'put', `company/${encodeURIComponent(companyId)}`, { ...options, json: input });
}
