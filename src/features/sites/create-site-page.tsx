import { useParams } from 'react-router-dom';
import { Page, PageTitle } from '../../ui/page';
import { BackLink } from '../../ui/status';
import { sitePaths } from './paths';
import { SiteFormView } from './site-form-view';
import { siteText } from './strings';
import { useSiteEditor } from './use-site-editor';
import './sites.css';

export function CreateSitePage() {
  const { companyId = '' } = useParams();
  const actor = useSiteEditor(companyId, null);
  return (
    <Page className="site-page">
      <PageTitle>{siteText.create}</PageTitle>
      <BackLink to={sitePaths.list(companyId)} />
      <SiteFormView actor={actor} companyId={companyId} submitLabel={siteText.finish} />
    </Page>
  );
}
