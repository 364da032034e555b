import { Link, useParams } from 'react-router-dom';
import * as session from '../../../machines/session.selectors';
import { Session } from '../../flows/session/session-context';
import { InvitedEmployees } from '../../flows/invite-form/invited-employees';
import { useInvitedEmployees } from '../../flows/invite-form/use-invited-employees';
import { Button } from '../../ui/button';
import { Page, PageActions, PageTitle, PageToolbar } from '../../ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../ui/status';
import { EmployeeTable } from './employee-table';
import { employeeText } from './strings';
import { useEmployees } from './use-employees';
import './employees.css';

const isAdmin = session.hasRole('CompanyAdmin');

function Employees({ companyId }: { readonly companyId: string }) {
  const read = useEmployees(companyId);
  const invited = useInvitedEmployees(companyId);
  const admin = Session.useSelector(isAdmin);
  const base = `/company/${encodeURIComponent(companyId)}/employees`;
  return (
    <Page>
      <PageTitle>{employeeText.list}</PageTitle>
      {admin ? (
        <PageToolbar className="employees-toolbar">
          <PageActions>
            <Button asChild variant="secondary">
              <Link to={`${base}/add-auditor`}>{employeeText.addAuditor}</Link>
            </Button>
            <Button asChild>
              <Link to={`${base}/add`}>{employeeText.addSupervisor}</Link>
            </Button>
          </PageActions>
        </PageToolbar>
      ) : null}
      {read.status === 'loading' ? <LoadingState /> : null}
      {read.status === 'missing' ? <ErrorState /> : null}
      {read.status === 'ready' && read.employees.length === 0 ? <EmptyState /> : null}
      {read.status === 'ready' && read.employees.length > 0 ? (
        <EmployeeTable employees={read.employees} detailsPath={(employee) => `${base}/${encodeURIComponent(employee.userRole._id)}`} />
      ) : null}
      <InvitedEmployees state={invited} />
    </Page>
  );
}

/** Spec §2 /company/{companyId}/employees (issue 4 item 2). */
export function EmployeesPage() {
  const companyId = useParams().companyId ?? '';
  return <Employees key={companyId} companyId={companyId} />;
}
