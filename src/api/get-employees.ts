import { Schema } from 'effect';
import { Employee } from '../domain/company';
import { callForJson, type CallOptions } from './client';

const EmployeeList = Schema.Array(Employee);

export function getEmployees(companyId: string, options: CallOptions = {}): Promise<readonly Employee[]> {
  return callForJson(EmployeeList, 'get', `company/${encodeURIComponent(companyId)}/employees`, options);
}
