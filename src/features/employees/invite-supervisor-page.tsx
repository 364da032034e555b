import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { inviteUser } from '../../api/invite-user';
import { InviteForm } from '../../flows/invite-form/invite-form';
import type { InviteInput, InviteResponse } from '../../domain/invite';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { BackLink } from '../../ui/status';
import { toast } from '../../ui/toast-store';
import { inviteSupervisorMachine, type StaffRole } from '../../../machines/invite-supervisor.machine';
import { employeeText } from './strings';

const inviteSupervisorLogic = inviteSupervisorMachine.provide({
  actors: { sendInvite: fromPromise<InviteResponse, InviteInput>(({ input }) => inviteUser(input)) },
});

const staffText: Record<StaffRole, { page: string; title: string; lead: string }> = {
  CompanySupervisor: { page: employeeText.addSupervisor, title: employeeText.supervisorTitle, lead: employeeText.supervisorLead },
  CompanyAuditor: { page: employeeText.addAuditor, title: employeeText.auditorTitle, lead: employeeText.auditorLead },
};

function InviteStaff({ companyId, role }: { readonly companyId: string; readonly role: StaffRole }) {
  const navigate = useNavigate();
  const listPath = `/company/${encodeURIComponent(companyId)}/employees`;
  const actor = useActorRef(inviteSupervisorLogic, { input: { companyId, role } });
  const text = staffText[role];
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const sent = useSelector(actor, (s) => s.status === 'done');
  const error = useSelector(actor, (s) => s.context.error);
  const values = useSelector(actor, (s) => s.context.invitee);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    if (sent) navigate(listPath);
  }, [sent, listPath, navigate]);

  return (
    <Page>
      <PageTitle>{text.page}</PageTitle>
      <PageToolbar>
        <BackLink to={listPath} />
      </PageToolbar>
      <InviteForm
        companyId={companyId}
        role={role}
        title={text.title}
        description={text.lead}
        initial={values}
        submitLabel={employeeText.sendInvite}
        busy={busy}
        error={error}
        saved={sent}
        cancelTo={listPath}
        onSubmit={(invitee) => actor.send({ type: 'invite.submit', invitee })}
      />
    </Page>
  );
}

/** Spec §2 /company/{companyId}/employees/add: an admin invites a site supervisor (issue 9: or, at add-auditor, an auditor). */
export function InviteSupervisorPage({ role = 'CompanySupervisor' }: { readonly role?: StaffRole }) {
  const companyId = useParams().companyId ?? '';
  return <InviteStaff key={`${companyId}-${role}`} companyId={companyId} role={role} />;
}

/** 'Add Auditor': the same invitation, for the read-only auditor role (issue 9). */
export function InviteAuditorPage() {
  return <InviteSupervisorPage role="CompanyAuditor" />;
}
