import type { EmployeeDetails as Employee } from '../../../domain/company';
import { roleLabel } from '../../../domain/roles';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card';
import { DetailItem, DetailList } from '../../../ui/details';
import { CompanyLogo } from '../../../components/company-details/company-logo';
import { employeeDetailsText } from './strings';
import './employee-details.css';

function Value({ children }: { readonly children: string }) {
  return children ? <>{children}</> : <span className="muted">{employeeDetailsText.notProvided}</span>;
}

export interface EmployeeDetailsProps {
  readonly employee: Employee;
  /** The card heading ('Employee Details', 'Personal Details'). */
  readonly title: string;
}

/** Spec §2 employee details: first name, surname, phone, email, employer with logo, role label. */
export function EmployeeDetails({ employee, title }: EmployeeDetailsProps) {
  return (
    <Card aria-labelledby="employee-details-title">
      <CardHeader>
        <CardTitle id="employee-details-title">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList>
          <DetailItem label={employeeDetailsText.firstName}><Value>{employee.firstName}</Value></DetailItem>
          <DetailItem label={employeeDetailsText.surname}><Value>{employee.surname}</Value></DetailItem>
          <DetailItem label={employeeDetailsText.phone}>
            {employee.phone ? <a href={`tel:${employee.phone.replace(/\s+/g, '')}`}>{employee.phone}</a> : <Value>{''}</Value>}
          </DetailItem>
          <DetailItem label={employeeDetailsText.email}>
            {employee.contactEmail ? <a href={`mailto:${employee.contactEmail}`}>{employee.contactEmail}</a> : <Value>{''}</Value>}
          </DetailItem>
          <DetailItem label={employeeDetailsText.employer}>
            <span className="employee-employer">
              <CompanyLogo url={employee.companyDetails.image?.url} size="sm" />
              {employee.companyDetails.name}
            </span>
          </DetailItem>
          <DetailItem label={employeeDetailsText.role}>{roleLabel(employee.userRole.role)}</DetailItem>
        </DetailList>
      </CardContent>
    </Card>
  );
}
