import { PageTitle } from '../../ui/page';
import { employeeText } from './strings';

export function InviteSupervisorPage() {
  return <PageTitle>{employeeText.addSupervisor}</PageTitle>;
}
