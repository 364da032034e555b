import { useParams } from 'react-router-dom';
import { EmployeeDetails } from '../../components/employee-details/employee-details';
import { useEmployee } from '../../components/employee-details/use-employee';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { BackLink, ErrorState, LoadingState } from '../../ui/status';
import { employeeText } from './strings';

function ClientEmployee({ clientId, employeeId }: { readonly clientId: string; readonly employeeId: string }) {
  const read = useEmployee(clientId, employeeId);
  return (
    <Page>
      <PageTitle>{employeeText.employeeDetails}</PageTitle>
      <PageToolbar>
        <BackLink to={`/clients/${encodeURIComponent(clientId)}`} />
      </PageToolbar>
      {read.status === 'loading' ? <LoadingState /> : null}
      {read.status === 'missing' ? <ErrorState /> : null}
      {read.status === 'ready' ? <EmployeeDetails employee={read.employee} title={employeeText.employeeDetails} /> : null}
    </Page>
  );
}

/** Spec §2 /clients/{clientId}/employees/{employeeId}: Employee Details. */
export function ClientEmployeePage() {
  const { clientId = '', employeeId = '' } = useParams();
  return <ClientEmployee key={`${clientId}/${employeeId}`} clientId={clientId} employeeId={employeeId} />;
}
