import { useParams } from 'react-router-dom';
import { useCompany } from '../../components/company-details/use-company';
import { InviteForm } from '../../flows/invite-form/invite-form';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { BackLink } from '../../ui/status';
import { employeeText } from './strings';
import { useAdminInvite } from './use-admin-invite';
import './employees.css';

function InviteAdmin({ clientId }: { readonly clientId: string }) {
  const flow = useAdminInvite(clientId);
  const company = useCompany(clientId);
  const clientPage = `/clients/${encodeURIComponent(clientId)}`;
  return (
    <Page>
      <PageTitle>{employeeText.createAdmin}</PageTitle>
      <PageToolbar>
        <BackLink to={clientPage} />
        <span className="step-label">{employeeText.stepAdmin}</span>
      </PageToolbar>
      <InviteForm
        companyId={clientId}
        role="CompanyAdmin"
        title={company.status === 'ready' ? company.company.name : employeeText.createAdmin}
        description={company.status === 'ready' ? employeeText.adminLead(company.company.name) : employeeText.adminLeadPlain}
        initial={flow.values}
        submitLabel={employeeText.sendInvite}
        busy={flow.busy}
        error={flow.error}
        saved={flow.saved}
        cancelTo={clientPage}
        onSubmit={flow.submit}
      />
    </Page>
  );
}

/** Spec §2 /clients/{clientId}/employees/add: invites the client's CompanyAdmin, then the client page. */
export function InviteAdminPage() {
  const clientId = useParams().clientId ?? '';
  return <InviteAdmin key={clientId} clientId={clientId} />;
}
