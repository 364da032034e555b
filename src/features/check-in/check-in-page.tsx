import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import * as session from '../../../machines/session.selectors';
import * as Gate from '../../../machines/site-check-in.selectors';
import { Session } from '../../flows/session/session-context';
import { takeOverDrawnPage } from '../../components/drawn-page/drawn-page';
import { tradesEditPath } from '../../domain/trades-paths';
import { PageTitle } from '../../ui/page';
import { LoadingState } from '../../ui/status';
import {
  BlockedScreen,
  CheckedInScreen,
  CheckedOutScreen,
  FailedScreen,
  InvalidKeyScreen,
  NotTradespersonScreen,
  ProfileIncompleteScreen,
  OnHoldNotice,
  ReadyScreen,
  SignedOutScreen,
  SiteClosedScreen,
} from './check-in-screens';
import { GateFrame, SiteSummary } from './site-summary';
import { checkInText } from './strings';
import { useSiteCheckIn } from './use-site-check-in';
import './check-in.css';

/** A tradesperson's way to their home page from the header bar. */
function HomeLink() {
  const isTradesperson = Session.useSelector(session.hasRole('TradesPerson'));
  const userId = Session.useSelector(session.userId);
  if (!isTradesperson || !userId) return null;
  return (
    <Link to={`/trades/${encodeURIComponent(userId)}`} className="gate-home-link">
      {checkInText.myHome}
    </Link>
  );
}

function SiteGate({ siteId, siteKey }: { readonly siteId: string; readonly siteKey: string }) {
  const { actor, here, userId, homePath } = useSiteCheckIn(siteId, siteKey);
  const screen = useSelector(actor, Gate.screen);
  const site = useSelector(actor, Gate.site);
  const onHold = useSelector(actor, Gate.isOnHold);
  const profilePath = tradesEditPath(userId ?? '', here);
  // The site the portal drew into the page it sent stays until this page has more to show than it did.
  useLayoutEffect(() => {
    if (screen !== 'loading') takeOverDrawnPage();
  }, [screen]);

  if (screen === 'loading') return <LoadingState />;
  if (screen === 'invalidKey') return <InvalidKeyScreen />;
  return (
    <>
      {site ? <SiteSummary site={site} /> : null}
      {onHold ? <OnHoldNotice /> : null}
      {screen === 'siteClosed' && site ? <SiteClosedScreen status={site.status} /> : null}
      {screen === 'signedOut' ? <SignedOutScreen actor={actor} /> : null}
      {screen === 'notTradesperson' ? <NotTradespersonScreen homePath={homePath} /> : null}
      {screen === 'profileIncomplete' ? <ProfileIncompleteScreen profilePath={profilePath} /> : null}
      {screen === 'blocked' ? <BlockedScreen actor={actor} profilePath={profilePath} /> : null}
      {screen === 'ready' && site ? <ReadyScreen actor={actor} site={site} /> : null}
      {screen === 'checkedIn' ? <CheckedInScreen actor={actor} siteId={siteId} /> : null}
      {screen === 'checkedOut' ? <CheckedOutScreen actor={actor} siteId={siteId} /> : null}
      {screen === 'failed' ? <FailedScreen actor={actor} /> : null}
    </>
  );
}

/** Issue 10 §2 /site/{siteId}/check-in?key=…: the public page a site poster's QR code opens, phone-first. */
export function CheckInPage() {
  const { siteId = '' } = useParams();
  const [params] = useSearchParams();
  const siteKey = params.get('key') ?? '';
  return (
    <GateFrame homeLink={<HomeLink />}>
      <PageTitle>{checkInText.title}</PageTitle>
      <SiteGate key={`${siteId}\n${siteKey}`} siteId={siteId} siteKey={siteKey} />
    </GateFrame>
  );
}
