import { PageTitle } from '../../ui/page';
import { clientText } from './strings';

export function ClientDetailsPage() {
  return <PageTitle>{clientText.details}</PageTitle>;
}
