import { PageTitle } from '../../ui/page';
import { clientText } from './strings';

export function CreateClientPage() {
  return <PageTitle>{clientText.create}</PageTitle>;
}
