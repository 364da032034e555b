import { useParams } from 'react-router-dom';
import { EmployeeDetails } from './employee-details/employee-details';
import { useEmployee } from './employee-details/use-employee';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { employeeText } from './strings';

function ClientEmployee({ clientId, employeeId }: { readonly clientId: string; readonly employeeId: string }) {
  const read = useEmployee(clientId, employeeId);
  const backTo = `/clients/${encodeURIComponent(clientId)}`;
  return (
    <Page>
      {read.status === 'missing' ? (
        <ProblemState
          problem={read.problem}
          title={employeeText.employeeDetails}
          notFound={employeeText.notFound}
          backTo={backTo}
          backLabel={employeeText.backToClient}
        />
      ) : (
        <>
          <PageTitle>{employeeText.employeeDetails}</PageTitle>
          <PageToolbar>
            <BackLink to={backTo} />
          </PageToolbar>
          {read.status === 'loading' ? <LoadingState /> : <EmployeeDetails employee={read.record} title={employeeText.employeeDetails} />}
        </>
      )}
    </Page>
  );
}

/** Spec §2 /clients/{clientId}/employees/{employeeId}: Employee Details. */
export function ClientEmployeePage() {
  const { clientId = '', employeeId = '' } = useParams();
  return <ClientEmployee key={`${clientId}/${employeeId}`} clientId={clientId} employeeId={employeeId} />;
}
