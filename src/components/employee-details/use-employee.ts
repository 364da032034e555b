import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getEmployee } from '../../api/get-employee';
import type { EmployeeDetails } from '../../domain/company';

interface EmployeeKey {
  readonly companyId: string;
  readonly employeeId: string;
}

const employeeLogic = fromPromise<EmployeeDetails, EmployeeKey>(({ input, signal }) =>
  getEmployee(input.companyId, input.employeeId, { signal }),
);

export type EmployeeRead = { status: 'loading' } | { status: 'ready'; employee: EmployeeDetails } | { status: 'missing' };

/** GET company/{id}/employees/{employeeId} once per visit of the screen. */
export function useEmployee(companyId: string, employeeId: string): EmployeeRead {
  const [snapshot] = useActor(employeeLogic, { input: { companyId, employeeId } });
  if (snapshot.status === 'done') return { status: 'ready', employee: snapshot.output };
  if (snapshot.status === 'error') return { status: 'missing' };
  return { status: 'loading' };
}
