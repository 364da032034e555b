import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { createProjectSite } from '../../api/create-project-site';
import { getProjectSite } from '../../api/get-project-site';
import { updateProjectSite } from '../../api/update-project-site';
import type { ProjectSite } from '../../domain/project-site';
import { toast } from '../../ui/toast-store';
import { siteEditorMachine, type SaveSiteInput } from '../../../machines/site-editor.machine';
import { sitePaths } from './paths';
import { siteToasts } from './strings';

function saveSite(companyId: string, { siteId, input, version }: SaveSiteInput): Promise<ProjectSite> {
  if (siteId === null) return createProjectSite(companyId, input);
  if (version === null) return Promise.reject(new Error('An edit needs the version the site was read at'));
  return updateProjectSite(companyId, siteId, { ...input, version });
}

/** The create or edit actor for this visit, with the API calls, the spec §8 toasts and the way on to the details page. */
export function useSiteEditor(companyId: string, siteId: string | null) {
  const navigate = useNavigate();
  return useActorRef(
    siteEditorMachine.provide({
      actors: {
        loadSite: fromPromise<ProjectSite, { siteId: string }>(({ input, signal }) => getProjectSite(companyId, input.siteId, { signal })),
        saveSite: fromPromise<ProjectSite, SaveSiteInput>(({ input }) => saveSite(companyId, input)),
      },
      actions: {
        notifySaved: (_, { site, created }) => {
          toast.success(created ? siteToasts.added : siteToasts.updated);
          navigate(sitePaths.details(companyId, site._id));
        },
        notifySaveFailed: (_, { error, created }) => {
          console.error(error);
          toast.error(created ? siteToasts.addFailed : siteToasts.updateFailed);
        },
      },
    }),
    { input: { siteId } },
  );
}
