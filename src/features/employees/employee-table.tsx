import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Employee } from '../../domain/company';
import { roleLabel } from '../../domain/roles';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { employeeText } from './strings';

/** Spec §2 employee table: Full Name, Role, Phone Number, Email Address, Projects; a row opens Personal Details. */
export function EmployeeTable({ employees, detailsPath }: { readonly employees: readonly Employee[]; readonly detailsPath: (employee: Employee) => string }) {
  const navigate = useNavigate();
  const openRow = (event: MouseEvent, employee: Employee) => {
    if ((event.target as HTMLElement).closest('a, button') || window.getSelection()?.toString()) return;
    navigate(detailsPath(employee));
  };
  return (
    <Table cards className="employee-table">
      <TableHeader>
        <TableRow>
          <TableHead>{employeeText.fullName}</TableHead>
          <TableHead>{employeeText.role}</TableHead>
          <TableHead>{employeeText.phoneNumber}</TableHead>
          <TableHead>{employeeText.emailAddress}</TableHead>
          <TableHead className="employee-projects">{employeeText.projects}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {employees.map((employee) => (
          <TableRow key={employee.userRole._id} className="employee-row" onClick={(event) => openRow(event, employee)}>
            <TableCell data-card="title">
              <Link to={detailsPath(employee)} className="employee-name">{employee.fullName}</Link>
            </TableCell>
            <TableCell data-card="status">{roleLabel(employee.userRole.role)}</TableCell>
            <TableCell className="employee-phone" data-label={employeeText.phoneNumber}>
              {employee.phone}
            </TableCell>
            <TableCell data-label={employeeText.emailAddress}>{employee.contactEmail}</TableCell>
            <TableCell className="employee-projects" data-label={employeeText.projects}>
              {employee.projectCount}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
