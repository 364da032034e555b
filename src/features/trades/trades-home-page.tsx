import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import * as Home from '../../../machines/trades-home.selectors';
import { OutboxBanner } from '../../flows/swms-outbox/outbox-banner';
import { Page, PageTitle } from '../../ui/page';
import { ErrorState, LoadingState } from '../../ui/status';
import { CheckInCard } from './check-in-card';
import { OnSiteCard, ProfileCard, ProfileProblems, RecentCheckInsCard, SwmsCard } from './home-sections';
import { homeText } from './strings';
import { localTimeZone, localToday } from './today';
import { useTradesHome } from './use-trades-home';
import './trades.css';

const OfflineHome = lazy(() => import('./offline-screens').then((module) => ({ default: module.OfflineHome })));

/** Issue 10 §5: /trades/{id} for the tradesperson themself. */
export function TradesHomePage({ id }: { readonly id: string }) {
  const actor = useTradesHome(id);
  const loading = useSelector(actor, Home.isLoading);
  const failed = useSelector(actor, Home.isFailed);
  const unreachable = useSelector(actor, Home.isUnreachable);
  const home = useSelector(actor, Home.home);
  const busy = useSelector(actor, Home.isBusy);
  const checkingOutSite = useSelector(actor, Home.checkingOutSite);
  const [today] = useState(localToday);
  const [timeZone] = useState(localTimeZone);
  const reload = () => actor.send({ type: 'home.reload' });

  return (
    <Page className="trades-page trades-home">
      <PageTitle>{homeText.title}</PageTitle>
      <OutboxBanner />
      {loading ? <LoadingState /> : null}
      {/* With no signal the home shows what the phone keeps, and reads the portal again as the signal returns. */}
      {failed && !unreachable ? <ErrorState onRetry={reload} /> : null}
      {unreachable ? (
        <Suspense fallback={null}>
          <OfflineHome userId={id} onRetry={reload} />
        </Suspense>
      ) : null}
      {home ? (
        <>
          <h2 className="home-greeting">{homeText.greeting(home.person.firstName)}</h2>
          <ProfileProblems home={home} today={today} />
          <OnSiteCard
            activity={home.activity}
            today={today}
            timeZone={timeZone}
            busy={busy}
            checkingOutSite={checkingOutSite}
            onCheckOut={(siteId) => actor.send({ type: 'checkIn.checkOut', siteId })}
          />
          <CheckInCard />
          <SwmsCard activity={home.activity} />
          <RecentCheckInsCard activity={home.activity} />
          <ProfileCard home={home} today={today} />
        </>
      ) : null}
    </Page>
  );
}
