import { PageTitle } from '../../ui/page';
import { clientText } from './strings';

export function ClientsPage() {
  return <PageTitle>{clientText.list}</PageTitle>;
}
