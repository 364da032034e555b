import { Company, type CompanyInput } from '../domain/company';
import { callForJson, type CallOptions } from './client';

export function createCompany(input: CompanyInput, options: CallOptions = {}): Promise<Company> {
  return callForJson(Company, 'post', 'company', { ...options, json: input });
}
