import { useEffect, useState } from 'react';
import { getSwmsHistory } from '../../api/get-swms-history';
import { swmsVisits } from './swms-visits';

export type Visits = { readonly status: 'none' | 'loading' | 'failed' } | { readonly status: 'ready'; readonly visits: Map<string, number[]>; readonly steps: number };

/** `?swms={companyId}/{swmsId}` on the dual-review diagram: that SWMS's path, from its audit events. */
export function useSwmsVisits(machineId: string, swmsParam: string | null): Visits {
  const [visits, setVisits] = useState<{ key: string; value: Visits } | null>(null);
  const [companyId, swmsId] = (swmsParam ?? '').split('/');
  const key = `${machineId}|${swmsParam ?? ''}`;
  useEffect(() => {
    if (!companyId || !swmsId) return;
    const controller = new AbortController();
    getSwmsHistory(companyId, swmsId, { signal: controller.signal }).then(
      (history) => {
        const map = swmsVisits(machineId, history);
        setVisits({ key, value: { status: 'ready', visits: map, steps: Math.max(0, ...[...map.values()].flat()) } });
      },
      () => !controller.signal.aborted && setVisits({ key, value: { status: 'failed' } }),
    );
    return () => controller.abort();
  }, [machineId, companyId, swmsId, key]);
  if (!companyId || !swmsId) return { status: 'none' };
  return visits?.key === key ? visits.value : { status: 'loading' };
}
