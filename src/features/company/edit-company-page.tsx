import { PageTitle } from '../../ui/page';
import { companyText } from './strings';

export function EditCompanyPage() {
  return <PageTitle>{companyText.edit}</PageTitle>;
}
