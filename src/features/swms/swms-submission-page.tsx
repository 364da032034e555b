import { PageTitle } from '../../ui/page';
import { swmsText } from './strings';

export function SwmsSubmissionPage() {
  return <PageTitle>{swmsText.submission}</PageTitle>;
}
