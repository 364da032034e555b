import { useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { Page, PageTitle } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
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
  const problem = useSelector(actor, editor.problem);
  if (problem) {
    return (
      <Page className="site-page">
        <ProblemState
          problem={problem}
          title={siteText.edit}
          notFound={siteText.notFound}
          backTo={problem === 'failed' ? sitePaths.details(companyId, projectSiteId) : sitePaths.list(companyId)}
          backLabel={siteText.backToList}
        />
      </Page>
    );
  }
  return (
    <Page className="site-page">
      <PageTitle>{siteText.edit}</PageTitle>
      <BackLink to={sitePaths.details(companyId, projectSiteId)} />
      {loading ? <LoadingState /> : <SiteFormView actor={actor} companyId={companyId} submitLabel={siteText.saveUpdates} />}
    </Page>
  );
}
