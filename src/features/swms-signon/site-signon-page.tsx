import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { getSiteSignOns } from '../../api/get-site-signons';
import { recordRead, useRecordRead } from '../../components/record-read/use-record-read';
import { formatDateTime } from '../../domain/dates';
import { newSwmsPath } from '../../domain/swms-draft';
import { readAndSignPath, type SiteSwmsToSign } from '../../domain/swms-signon';
import { tradesHomePath } from '../../domain/trades-paths';
import * as session from '../../../machines/session.selectors';
import { Session } from '../../flows/session/session-context';
import { Button } from '../../ui/button';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { SignOnStateBadge } from './sign-on-state-badge';
import { siteSignOnText } from './strings';
import './swms-signon.css';

type Item = SiteSwmsToSign['items'][number];

const actionText = (item: Item) => (item.state === 'current' ? siteSignOnText.readAgain : item.state === 'stale' ? siteSignOnText.signAgain : siteSignOnText.readAndSign);

function SwmsToSign({ siteId, item, timeZone }: { readonly siteId: string; readonly item: Item; readonly timeZone: string }) {
  const author = `${item.author.firstName} ${item.author.surname}`.trim();
  return (
    <li className="signon-item" data-state={item.state}>
      <div className="signon-item-head">
        <h2 className="signon-item-title">{item.taskDescription}</h2>
        <SignOnStateBadge state={item.state} />
      </div>
      <p className="signon-item-meta">
        {siteSignOnText.by(author)} · {siteSignOnText.revision(item.revision)}
      </p>
      {item.highRiskWork.length > 0 ? (
        <p className="signon-item-meta">
          <span className="visually-hidden">{siteSignOnText.highRiskWork}: </span>
          {item.highRiskWork.join(', ')}
        </p>
      ) : null}
      {item.signedAt !== null && item.signedRevision !== null ? (
        <p className="signon-item-signed">{siteSignOnText.signedAt(item.signedRevision, formatDateTime(item.signedAt, timeZone))}</p>
      ) : null}
      <Button asChild size="lg" variant={item.state === 'current' ? 'secondary' : 'primary'} className="signon-item-action">
        <Link to={readAndSignPath(siteId, item.swmsId)} aria-label={`${actionText(item)}: ${item.taskDescription}`}>
          {actionText(item)}
        </Link>
      </Button>
    </li>
  );
}

function SiteSwmsList({ siteId, list }: { readonly siteId: string; readonly list: SiteSwmsToSign }) {
  return (
    <>
      <p className="signon-site">
        <span className="signon-site-address">{list.site.address}</span>
        {list.site.siteNumber ? <span className="muted"> · {siteSignOnText.jobNo} {list.site.siteNumber}</span> : null}
      </p>
      <p className="signon-lead">{siteSignOnText.lead}</p>
      {list.items.length === 0 ? (
        <div className="signon-empty">
          <p>{siteSignOnText.empty}</p>
          <p className="muted">{siteSignOnText.emptyHint}</p>
          <Button asChild size="lg" variant="secondary">
            <Link to={newSwmsPath(siteId)}>{siteSignOnText.newSwms}</Link>
          </Button>
        </div>
      ) : (
        <ul className="signon-list" aria-label={siteSignOnText.listLabel}>
          {list.items.map((item) => (
            <SwmsToSign key={item.swmsId} siteId={siteId} item={item} timeZone={list.site.timeZone} />
          ))}
        </ul>
      )}
    </>
  );
}

const siteSignOnsRead = recordRead<SiteSwmsToSign, { siteId: string }>((input, signal) => getSiteSignOns(input.siteId, { signal }));

function SiteSignOns({ siteId }: { readonly siteId: string }) {
  const input = useMemo(() => ({ siteId }), [siteId]);
  const read = useRecordRead(siteSignOnsRead, input);
  const userId = Session.useSelector(session.userId) ?? '';
  const home = tradesHomePath(userId);
  if (read.status === 'missing') {
    return <ProblemState problem={read.problem} title={siteSignOnText.title} notFound={siteSignOnText.notFound} notAllowed={siteSignOnText.notAllowed} backTo={home} backLabel={siteSignOnText.back} />;
  }
  return (
    <>
      <PageTitle>{siteSignOnText.title}</PageTitle>
      <PageToolbar>
        <BackLink to={home}>{siteSignOnText.back}</BackLink>
      </PageToolbar>
      {read.status === 'loading' ? <LoadingState /> : <SiteSwmsList siteId={siteId} list={read.record} />}
    </>
  );
}

/** Issue 57 §3 /site/{siteId}/swms: the site's SWMS a checked-in worker can work under, each with their sign-on state. */
export function SiteSignOnPage() {
  const { siteId = '' } = useParams();
  return (
    <Page className="signon-page">
      <SiteSignOns key={siteId} siteId={siteId} />
    </Page>
  );
}
