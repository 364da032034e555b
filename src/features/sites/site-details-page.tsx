import { Link, useParams } from 'react-router-dom';
import { PpeList } from '../../components/ppe/ppe-list';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { PencilIcon } from '../../ui/icons';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { sitePaths } from './paths';
import { OnSiteCard } from './on-site-card';
import { SignOnGapsCard } from './sign-on-gaps-card';
import { SiteCheckIns, SiteSwms } from './site-activity';
import { SiteGateCard } from './site-gate-card';
import { SiteStatusControl } from './site-status-control';
import { siteColumnLabels, siteFieldLabels, siteText } from './strings';
import { useSite } from './use-site';
import type { ProjectSite } from '../../domain/project-site';
import './sites.css';
import * as session from '../../../machines/session.selectors';
import { Session } from '../../flows/session/session-context';
import { StatusBadge } from '../../components/status-menu/status-badge';
import { siteStatusLabels } from '../../domain/site-status';
import { siteTimeZoneLabels } from '../../domain/site-time-zone';

function SupervisorLink({ site }: { readonly site: ProjectSite }) {
  if (!site.supervisor) return <span className="muted">{siteText.unallocated}</span>;
  return (
    <Link className="site-link" to={sitePaths.employee(site.company._id, site.supervisor)}>
      {site.supervisorName || siteText.siteSupervisor}
    </Link>
  );
}

function SafetyPlan({ site }: { readonly site: ProjectSite }) {
  if (!site.siteSafetyPlan) return <span className="muted">{siteText.noFiles}</span>;
  return (
    <a className="site-link" href={site.siteSafetyPlan.url} target="_blank" rel="noopener noreferrer" title={site.siteSafetyPlan.friendlyName}>
      {siteText.viewAttached}
    </a>
  );
}

function SiteDetails({ site, onChanged }: { readonly site: ProjectSite; readonly onChanged: (site: ProjectSite) => void }) {
  const companyId = site.company._id;
  const readOnly = Session.useSelector(session.isReadOnly);
  return (
    <>
      <Card>
        <CardHeader>
          <div className="site-heading">
            <CardTitle>{site.address}</CardTitle>
            <p className="muted">{`${site.suburb} ${site.postcode} · ${siteColumnLabels.siteNumber} ${site.siteNumber}`}</p>
          </div>
          {readOnly ? (
            <StatusBadge status={site.status}>{siteStatusLabels[site.status]}</StatusBadge>
          ) : (
            <SiteStatusControl site={site} onChanged={onChanged} />
          )}
        </CardHeader>
        <CardContent>
          <DetailList>
            <DetailItem label={siteColumnLabels.address}>{site.address}</DetailItem>
            <DetailItem label={siteColumnLabels.suburb}>{site.suburb}</DetailItem>
            <DetailItem label={siteFieldLabels.postcode}>{site.postcode}</DetailItem>
            <DetailItem label={siteColumnLabels.siteNumber}>{site.siteNumber}</DetailItem>
            <DetailItem label={siteColumnLabels.client}>{site.clientName}</DetailItem>
            <DetailItem label={siteFieldLabels.timeZone}>{siteTimeZoneLabels[site.timeZone]}</DetailItem>
            <DetailItem label={siteText.siteSupervisor}>
              <SupervisorLink site={site} />
            </DetailItem>
            <DetailItem label={siteText.supervisorPhone}>
              <a className="site-link" href={`tel:${site.supervisorPhone}`}>
                {site.supervisorPhone}
              </a>
            </DetailItem>
            <DetailItem label={siteText.siteSafetyPlan}>
              <SafetyPlan site={site} />
            </DetailItem>
          </DetailList>
        </CardContent>
      </Card>
      <div className="site-now">
        <div className="site-now-people">
          <OnSiteCard site={site} canCheckOut={!readOnly} />
          <SignOnGapsCard site={site} />
        </div>
        {readOnly ? null : <SiteGateCard site={site} />}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{siteText.ppeRequired}</CardTitle>
        </CardHeader>
        <CardContent className="site-ppe">
          <PpeList ppe={site.ppe} label={siteText.ppeRequired} />
          <DetailList className="site-other-ppe">
            <DetailItem label={siteText.otherPpe}>{site.otherPpe || <span className="muted">{siteText.noOtherPpe}</span>}</DetailItem>
          </DetailList>
        </CardContent>
      </Card>
      <div className="site-activity">
        <SiteCheckIns companyId={companyId} siteId={site._id} timeZone={site.timeZone} />
        <SiteSwms companyId={companyId} siteId={site._id} timeZone={site.timeZone} />
      </div>
    </>
  );
}

export function SiteDetailsPage() {
  const { companyId = '', projectSiteId = '' } = useParams();
  const [state, setSite] = useSite(companyId, projectSiteId);
  const readOnly = Session.useSelector(session.isReadOnly);
  if (state.status === 'missing') {
    return (
      <Page className="site-page">
        <ProblemState
          problem={state.problem}
          title={siteText.details}
          notFound={siteText.notFound}
          backTo={sitePaths.list(companyId)}
          backLabel={siteText.backToList}
        />
      </Page>
    );
  }
  return (
    <Page className="site-page">
      <PageTitle>{siteText.details}</PageTitle>
      <PageToolbar>
        <BackLink to={sitePaths.list(companyId)} />
        {state.status === 'ready' && !readOnly ? (
          <Button asChild variant="secondary">
            <Link to={sitePaths.edit(companyId, projectSiteId)}>
              <PencilIcon width={16} height={16} />
              {siteText.editButton}
            </Link>
          </Button>
        ) : null}
      </PageToolbar>
      {state.status === 'loading' ? <LoadingState /> : null}
      {state.status === 'ready' ? <SiteDetails site={state.site} onChanged={setSite} /> : null}
    </Page>
  );
}
