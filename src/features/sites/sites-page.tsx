import { PageTitle } from '../../ui/page';
import { siteText } from './strings';

export function SitesPage() {
  return <PageTitle>{siteText.list}</PageTitle>;
}
