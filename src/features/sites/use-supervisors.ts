import { useEffect, useState } from 'react';
import { getEmployees } from '../../api/get-employees';

interface SupervisorOption {
  /** The supervisor's user-role id, as a site names its supervisor. */
  readonly id: string;
  readonly name: string;
}

export type SupervisorsState =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly supervisors: readonly SupervisorOption[] };

/** Spec §6: the project form picks among the company's site supervisors (admins only). */
export function useSupervisors(companyId: string, enabled: boolean): SupervisorsState {
  const [state, setState] = useState<SupervisorsState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getEmployees(companyId, { signal: controller.signal })
      .then((employees) =>
        setState({
          status: 'ready',
          supervisors: employees
            .filter((employee) => employee.userRole.role === 'CompanySupervisor')
            .map((employee) => ({ id: employee.userRole._id, name: employee.fullName || employee.contactEmail })),
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [companyId, enabled]);
  return state;
}
