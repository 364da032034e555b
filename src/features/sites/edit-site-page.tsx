import { PageTitle } from '../../ui/page';
import { siteText } from './strings';

export function EditSitePage() {
  return <PageTitle>{siteText.edit}</PageTitle>;
}
