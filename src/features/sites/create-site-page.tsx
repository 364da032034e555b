import { PageTitle } from '../../ui/page';
import { siteText } from './strings';

export function CreateSitePage() {
  return <PageTitle>{siteText.create}</PageTitle>;
}
