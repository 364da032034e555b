import { PageTitle } from '../../ui/page';
import { employeeText } from './strings';

export function EmployeeDetailsPage() {
  return <PageTitle>{employeeText.personalDetails}</PageTitle>;
}
