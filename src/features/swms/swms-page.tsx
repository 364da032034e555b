import { PageTitle } from '../../ui/page';
import { swmsText } from './strings';

export function SwmsPage() {
  return <PageTitle>{swmsText.list}</PageTitle>;
}
