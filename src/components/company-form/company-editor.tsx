import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { getCompany } from '../../api/get-company';
import { updateCompany } from '../../api/update-company';
import type { Company, CompanyInput } from '../../domain/company';
import { ErrorState, LoadingState } from '../../ui/status';
import { toast } from '../../ui/toast-store';
import { CompanyForm } from './company-form';
import { companyEditorMachine } from '../../../machines/company-editor.machine';
import { companyFormText } from './strings';

const editorLogic = companyEditorMachine.provide({
  actors: {
    loadCompany: fromPromise<Company, { companyId: string }>(({ input, signal }) => getCompany(input.companyId, { signal })),
    saveCompany: fromPromise<Company, { companyId: string; input: CompanyInput }>(({ input }) =>
      updateCompany(input.companyId, input.input),
    ),
  },
});

export interface CompanyEditorProps {
  readonly companyId: string;
  /** The company page: where Cancel and a successful save go. */
  readonly backTo: string;
}

/** The company form in edit mode over one company (Edit Client, Edit Company). */
export function CompanyEditor({ companyId, backTo }: CompanyEditorProps) {
  const navigate = useNavigate();
  const actor = useActorRef(editorLogic, { input: { companyId } });
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const missing = useSelector(actor, (s) => s.matches('missing'));
  const saving = useSelector(actor, (s) => s.hasTag('busy'));
  const saved = useSelector(actor, (s) => s.status === 'done');
  const company = useSelector(actor, (s) => s.context.company);
  const error = useSelector(actor, (s) => s.context.error);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    if (saved) navigate(backTo);
  }, [saved, backTo, navigate]);

  if (loading) return <LoadingState />;
  if (missing || !company) return <ErrorState />;
  return (
    <CompanyForm
      initial={company}
      currentLogo={company.image ?? null}
      submitLabel={companyFormText.saveChanges}
      busy={saving || saved}
      error={error}
      cancelTo={backTo}
      onSubmit={(input) => actor.send({ type: 'company.save', input })}
    />
  );
}
