import { useParams } from 'react-router-dom';
import { EmployeeDetails } from './employee-details/employee-details';
import { useEmployee } from './employee-details/use-employee';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { employeeText } from './strings';

function CompanyEmployee({ companyId, employeeId }: { readonly companyId: string; readonly employeeId: string }) {
  const read = useEmployee(companyId, employeeId);
  const backTo = `/company/${encodeURIComponent(companyId)}/employees`;
  return (
    <Page>
      {read.status === 'missing' ? (
        <ProblemState
          problem={read.problem}
          title={employeeText.personalDetails}
          notFound={employeeText.notFound}
          backTo={backTo}
          backLabel={employeeText.backToList}
        />
      ) : (
        <>
          <PageTitle>{employeeText.personalDetails}</PageTitle>
          <PageToolbar>
            <BackLink to={backTo} />
          </PageToolbar>
          {read.status === 'loading' ? <LoadingState /> : <EmployeeDetails employee={read.record} title={employeeText.personalDetails} />}
        </>
      )}
    </Page>
  );
}

/** Spec §2 /company/{companyId}/employees/{employeeId}: Personal Details. */
export function EmployeeDetailsPage() {
  const { companyId = '', employeeId = '' } = useParams();
  return <CompanyEmployee key={`${companyId}/${employeeId}`} companyId={companyId} employeeId={employeeId} />;
}
