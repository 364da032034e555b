import { Company } from '../domain/company';
import { callForJson, type CallOptions } from './client';

export function getCompany(companyId: string, options: CallOptions = {}): Promise<Company> {
  return callForJson(Company, 'get', `company/${encodeURIComponent(companyId)}`, options);
}
