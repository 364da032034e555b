import { PageTitle } from '../../ui/page';
import { employeeText } from './strings';

export function InviteAdminPage() {
  return <PageTitle>{employeeText.createAdmin}</PageTitle>;
}
