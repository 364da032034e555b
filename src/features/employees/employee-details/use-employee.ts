import { getEmployee } from '../../../api/get-employee';
import type { EmployeeDetails } from '../../../domain/company';
import { recordRead, useRecordRead, type RecordRead } from '../../../components/record-read/use-record-read';

interface EmployeeKey {
  readonly companyId: string;
  readonly employeeId: string;
}

const employeeRead = recordRead<EmployeeDetails, EmployeeKey>((input, signal) => getEmployee(input.companyId, input.employeeId, { signal }));

/** GET company/{id}/employees/{employeeId} once per visit of the screen. */
export function useEmployee(companyId: string, employeeId: string): RecordRead<EmployeeDetails> {
  return useRecordRead(employeeRead, { companyId, employeeId });
}
