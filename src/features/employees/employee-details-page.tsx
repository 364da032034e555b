import { useParams } from 'react-router-dom';
import { EmployeeDetails } from '../../components/employee-details/employee-details';
import { useEmployee } from '../../components/employee-details/use-employee';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { BackLink, ErrorState, LoadingState } from '../../ui/status';
import { employeeText } from './strings';

function CompanyEmployee({ companyId, employeeId }: { readonly companyId: string; readonly employeeId: string }) {
  const read = useEmployee(companyId, employeeId);
  return (
    <Page>
      <PageTitle>{employeeText.personalDetails}</PageTitle>
      <PageToolbar>
        <BackLink to={`/company/${encodeURIComponent(companyId)}/employees`} />
      </PageToolbar>
      {read.status === 'loading' ? <LoadingState /> : null}
      {read.status === 'missing' ? <ErrorState /> : null}
      {read.status === 'ready' ? <EmployeeDetails employee={read.employee} title={employeeText.personalDetails} /> : null}
    </Page>
  );
}

/** Spec §2 /company/{companyId}/employees/{employeeId}: Personal Details. */
export function EmployeeDetailsPage() {
  const { companyId = '', employeeId = '' } = useParams();
  return <CompanyEmployee key={`${companyId}/${employeeId}`} companyId={companyId} employeeId={employeeId} />;
}
