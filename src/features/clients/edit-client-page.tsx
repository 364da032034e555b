import { PageTitle } from '../../ui/page';
import { clientText } from './strings';

export function EditClientPage() {
  return <PageTitle>{clientText.edit}</PageTitle>;
}
