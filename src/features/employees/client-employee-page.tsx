import { PageTitle } from '../../ui/page';
import { employeeText } from './strings';

export function ClientEmployeePage() {
  return <PageTitle>{employeeText.employeeDetails}</PageTitle>;
}
