import { PageTitle } from '../../ui/page';
import { companyText } from './strings';

export function CompanyProfilePage() {
  return <PageTitle>{companyText.profile}</PageTitle>;
}
