import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getEmployees } from '../../api/get-employees';
import type { Employee } from '../../domain/company';

const employeesLogic = fromPromise<readonly Employee[], { companyId: string }>(({ input, signal }) =>
  getEmployees(input.companyId, { signal }),
);

export type EmployeesRead = { status: 'loading' } | { status: 'ready'; employees: readonly Employee[] } | { status: 'missing' };

/** GET company/{id}/employees once per visit of the screen. */
export function useEmployees(companyId: string): EmployeesRead {
  const [snapshot] = useActor(employeesLogic, { input: { companyId } });
  if (snapshot.status === 'done') return { status: 'ready', employees: snapshot.output };
  if (snapshot.status === 'error') return { status: 'missing' };
  return { status: 'loading' };
}
