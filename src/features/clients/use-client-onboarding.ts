import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  clientOnboardingMachine,
  createClientPath,
  type CreatedCompany,
  type UpdateCompanyInput,
  type UploadLogoInput,
} from '../../../machines/client-onboarding.machine';
import * as onboarding from '../../../machines/client-onboarding.selectors';
import { createCompany } from '../../api/create-company';
import { getCompany } from '../../api/get-company';
import { updateCompany } from '../../api/update-company';
import { uploadFile } from '../../api/upload-file';
import { toCompanyImage } from '../../domain/company-form-values';
import type { Company, CompanyImageReference, CompanyInput } from '../../domain/company';
import { toast } from '../../ui/toast-store';

/**
 * The onboarding actor for 'Create New Client'. The form's picker uploads the logo as soon as it is
 * chosen; the flow's uploadLogo then reuses that upload, and uploads only a file it has not seen.
 * Step 1's address names the client once it exists (`?client=`), so Back from the invite edits it.
 */
export function useClientOnboarding() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const uploadedLogos = useRef(new WeakMap<File, CompanyImageReference>());
  const actor = useActorRef(
    clientOnboardingMachine.provide({
      actors: {
        uploadLogo: fromPromise<CompanyImageReference, UploadLogoInput>(async ({ input, signal }) => {
          const uploaded = uploadedLogos.current.get(input.file);
          if (uploaded) return uploaded;
          return toCompanyImage(await uploadFile(input.file, 'companyProfile', { onProgress: input.onProgress, signal }));
        }),
        loadCompany: fromPromise<Company, { companyId: string }>(({ input, signal }) => getCompany(input.companyId, { signal })),
        createCompany: fromPromise<CreatedCompany, CompanyInput>(({ input }) => createCompany(input)),
        updateCompany: fromPromise<Company, UpdateCompanyInput>(({ input }) => updateCompany(input.companyId, input.input)),
      },
    }),
    { input: { createdClientId: params.get('client') } },
  );
  const path = useSelector(actor, onboarding.path);
  const companyPath = useSelector(actor, onboarding.companyPath);
  const step = useSelector(actor, onboarding.step);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    const here = pathname + search;
    if (path === here) return;
    // Step 1's own history entry takes the client's address first, so Back from the invite comes back to it.
    if (pathname === createClientPath && companyPath !== here) navigate(companyPath, { replace: true });
    if (path !== companyPath) navigate(path);
  }, [path, companyPath, pathname, search, navigate]);

  return {
    busy: useSelector(actor, onboarding.isBusy),
    loading: useSelector(actor, onboarding.isLoading),
    saved: step !== 'company',
    error: useSelector(actor, onboarding.error),
    values: useSelector(actor, onboarding.companyValues),
    existing: useSelector(actor, onboarding.existingClient),
    logoChanged: (file: File | null, reference: CompanyImageReference | null) => {
      if (file && reference) {
        uploadedLogos.current.set(file, reference);
        actor.send({ type: 'logo.choose', file });
      } else {
        actor.send({ type: 'logo.remove' });
      }
    },
    submit: ({ image: _image, ...company }: CompanyInput) => actor.send({ type: 'company.submit', company }),
  };
}
