import { PageTitle } from '../../ui/page';
import { siteText } from './strings';

export function SiteDetailsPage() {
  return <PageTitle>{siteText.details}</PageTitle>;
}
