import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getCompany } from '../../api/get-company';
import type { Company } from '../../domain/company';

const companyLogic = fromPromise<Company, { companyId: string }>(({ input, signal }) => getCompany(input.companyId, { signal }));

export type CompanyRead = { status: 'loading' } | { status: 'ready'; company: Company } | { status: 'missing'; message: string };

/** GET company/{id} once per visit of the screen. */
export function useCompany(companyId: string): CompanyRead {
  const [snapshot] = useActor(companyLogic, { input: { companyId } });
  if (snapshot.status === 'done') return { status: 'ready', company: snapshot.output };
  if (snapshot.status === 'error') return { status: 'missing', message: snapshot.error instanceof Error ? snapshot.error.message : '' };
  return { status: 'loading' };
}
