import { PageTitle } from '../../ui/page';
import { employeeText } from './strings';

export function EmployeesPage() {
  return <PageTitle>{employeeText.list}</PageTitle>;
}
