import { useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { Page, PageTitle } from '../../ui/page';
import { BackLink, ErrorState, LoadingState } from '../../ui/status';
import * as editor from '../../../machines/site-editor.selectors';
import { sitePaths } from './paths';
import { SiteFormView } from './site-form-view';
import { siteText } from './strings';
import { useSiteEditor } from './use-site-editor';
import './sites.css';

export function EditSitePage() {
  const { companyId = '', projectSiteId = '' } = useParams();
  const actor = useSiteEditor(companyId, projectSiteId);
  const loading = useSelector(actor, editor.isLoading);
  const missing = useSelector(actor, editor.isMissing);
  return (
    <Page className="site-page">
      <PageTitle>{siteText.edit}</PageTitle>
      <BackLink to={sitePaths.details(companyId, projectSiteId)} />
      {loading ? <LoadingState /> : null}
      {missing ? <ErrorState /> : null}
      {!loading && !missing ? <SiteFormView actor={actor} companyId={companyId} submitLabel={siteText.saveUpdates} /> : null}
    </Page>
  );
}
