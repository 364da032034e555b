import { EmployeeDetails } from '../domain/company';
import { callForJson, type CallOptions } from './client';

export function getEmployee(companyId: string, employeeId: string, options: CallOptions = {}): Promise<EmployeeDetails> {
  const path = `company/${encodeURIComponent(companyId)}/employees/${encodeURIComponent(employeeId)}`;
  return callForJson(EmployeeDetails, 'get', path, options);
}
