import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { getCompany } from '../../api/get-company';
import { updateCompany } from '../../api/update-company';
import type { Company, CompanyInput } from '../../domain/company';
import { PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
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
  /** The page's title ('Edit Client', 'Edit Company'). */
  readonly title: string;
  /** Issue 13 §2: what an unknown company is called, and the way back from it. */
  readonly notFound: string;
  readonly listTo: string;
  readonly listLabel: string;
}

/** The company form in edit mode over one company (Edit Client, Edit Company), with the page's title and way back. */
export function CompanyEditor({ companyId, backTo, title, notFound, listTo, listLabel }: CompanyEditorProps) {
  const navigate = useNavigate();
  const actor = useActorRef(editorLogic, { input: { companyId } });
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const problem = useSelector(actor, (s) => (s.hasTag('missing') ? s.context.problem : null));
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

  if (problem) {
    return <ProblemState problem={problem} title={title} notFound={notFound} backTo={problem === 'failed' ? backTo : listTo} backLabel={listLabel} />;
  }
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <PageToolbar>
        <BackLink to={backTo} />
      </PageToolbar>
      {loading || !company ? (
        <LoadingState />
      ) : (
        <CompanyForm
          initial={company}
          currentLogo={company.image ?? null}
          submitLabel={companyFormText.saveChanges}
          busy={saving || saved}
          error={error}
          saved={saved}
          cancelTo={backTo}
          onSubmit={(input) => actor.send({ type: 'company.save', input })}
        />
      )}
    </>
  );
}
