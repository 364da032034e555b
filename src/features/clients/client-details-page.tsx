import { Link, useLocation, useParams } from 'react-router-dom';
import { CompanyDetails } from '../../components/company-details/company-details';
import { InvitedEmployees } from '../../flows/invite-form/invited-employees';
import { useInvitedEmployees } from '../../flows/invite-form/use-invited-employees';
import { roleLabel } from '../../domain/roles';
import { Button } from '../../ui/button';
import { PencilIcon } from '../../ui/icons';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { ClientPeople } from './client-people';
import { DeleteClientDialog } from './delete-client-dialog';
import { NoAdminCallout } from './no-admin-callout';
import { clientText } from './strings';
import { useClientDetails } from './use-client-details';
import './clients.css';

function backToList(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/clients') ? from : '/clients';
}

function ClientDetails({ clientId }: { readonly clientId: string }) {
  const location = useLocation();
  const details = useClientDetails(clientId);
  const invited = useInvitedEmployees(clientId);
  const base = `/clients/${encodeURIComponent(clientId)}`;
  const client = details.client;
  const adminInvitePending = invited.invites.some((invite) => invite.role === 'CompanyAdmin');

  if (details.problem) {
    return (
      <Page>
        <ProblemState
          problem={details.problem}
          title={clientText.details}
          notFound={clientText.notFound}
          backTo={backToList(location.state)}
          backLabel={clientText.backToList}
        />
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle>{clientText.details}</PageTitle>
      <PageToolbar>
        <BackLink to={backToList(location.state)} />
      </PageToolbar>
      {details.loading ? <LoadingState /> : null}
      {client ? (
        <>
          {!client.company.hasAdmin && invited.status === 'ready' && !adminInvitePending ? (
            <NoAdminCallout inviteTo={`${base}/employees/add`} />
          ) : null}
          <CompanyDetails
            company={client.company}
            actions={
              <>
                <Button asChild variant="secondary" size="sm">
                  <Link to={`${base}/edit`}>
                    <PencilIcon width={16} height={16} />
                    {clientText.editInformation}
                  </Link>
                </Button>
                <Button variant="danger" size="sm" onClick={() => details.send({ type: 'delete.open' })}>
                  {clientText.deleteAccount}
                </Button>
              </>
            }
          />
          <div className="people-grid">
            <ClientPeople
              id="client-admins"
              title={clientText.admins}
              people={client.employees.filter((person) => person.userRole.role === 'CompanyAdmin')}
              linkTo={(person) => `${base}/employees/${encodeURIComponent(person.userRole._id)}`}
            />
            <ClientPeople
              id="client-supervisors"
              title={roleLabel('CompanySupervisor', { plural: true })}
              people={client.employees.filter((person) => person.userRole.role === 'CompanySupervisor')}
              linkTo={(person) => `${base}/employees/${encodeURIComponent(person.userRole._id)}`}
            />
          </div>
          <InvitedEmployees state={invited} />
          <DeleteClientDialog
            companyName={client.company.name}
            open={details.confirming}
            deleting={details.deleting}
            onCancel={() => details.send({ type: 'delete.cancel' })}
            onConfirm={() => details.send({ type: 'delete.confirm' })}
          />
        </>
      ) : null}
    </Page>
  );
}

export function ClientDetailsPage() {
  const clientId = useParams().clientId ?? '';
  return <ClientDetails key={clientId} clientId={clientId} />;
}
