import { useEffect, useState } from 'react';
import { loadProblemOf, type LoadProblem } from '../../../machines/load-problem';
import { getProjectSite } from '../../api/get-project-site';
import type { ProjectSite } from '../../domain/project-site';

export type SiteState =
  | { readonly status: 'loading' }
  | { readonly status: 'missing'; readonly problem: LoadProblem }
  | { readonly status: 'ready'; readonly site: ProjectSite };

export function useSite(companyId: string, siteId: string) {
  const [state, setState] = useState<SiteState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getProjectSite(companyId, siteId, { signal: controller.signal })
      .then((site) => setState({ status: 'ready', site }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const problem = loadProblemOf(error);
        if (problem === 'failed') console.error(error);
        setState({ status: 'missing', problem });
      });
    return () => controller.abort();
  }, [companyId, siteId]);
  return [state, (site: ProjectSite) => setState({ status: 'ready', site })] as const;
}
