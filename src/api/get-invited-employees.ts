import { Schema } from 'effect';
import { InvitedEmployee } from '../domain/invite';
import { callForJson, type CallOptions } from './client';

const InvitedEmployeeList = Schema.Array(InvitedEmployee);

export function getInvitedEmployees(companyId: string, options: CallOptions = {}): Promise<readonly InvitedEmployee[]> {
  return callForJson(InvitedEmployeeList, 'get', `company/${encodeURIComponent(companyId)}/employees/invite`, options);
}
