import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { clientOnboardingMachine, type CreatedCompany, type UploadLogoInput } from '../../../machines/client-onboarding.machine';
import * as onboarding from '../../../machines/client-onboarding.selectors';
import { createCompany } from '../../api/create-company';
import { uploadFile } from '../../api/upload-file';
import { toCompanyImage } from '../../domain/company-form-values';
import type { CompanyImageReference, CompanyInput } from '../../domain/company';
import { toast } from '../../ui/toast-store';

/**
 * The onboarding actor for 'Create New Client'. The form's picker uploads the logo as soon as it is
 * chosen; the flow's uploadLogo then reuses that upload, and uploads only a file it has not seen.
 */
export function useClientOnboarding() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const uploadedLogos = useRef(new WeakMap<File, CompanyImageReference>());
  const actor = useActorRef(
    clientOnboardingMachine.provide({
      actors: {
        uploadLogo: fromPromise<CompanyImageReference, UploadLogoInput>(async ({ input, signal }) => {
          const uploaded = uploadedLogos.current.get(input.file);
          if (uploaded) return uploaded;
          return toCompanyImage(await uploadFile(input.file, 'companyProfile', { onProgress: input.onProgress, signal }));
        }),
        createCompany: fromPromise<CreatedCompany, CompanyInput>(({ input }) => createCompany(input)),
      },
    }),
  );
  const path = useSelector(actor, onboarding.path);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    if (path !== pathname) navigate(path);
  }, [path, pathname, navigate]);

  return {
    busy: useSelector(actor, onboarding.isBusy),
    error: useSelector(actor, onboarding.error),
    values: useSelector(actor, onboarding.companyValues),
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
