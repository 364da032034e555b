import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isRevisable, openCheckIns, profileProblems, swmsSites, type ActivityCheckIn, type ActivitySite } from '../../../machines/trades-home.selectors';
import type { TradesHome } from '../../../machines/trades-home.machine';
import { useBuilderReady } from '../../components/new-swms/use-builder-ready';
import { StatusBadge } from '../../components/status-menu/status-badge';
import { formatDateTime } from '../../domain/dates';
import { reviewStatusLabels, swmsCommentPartLabels } from '../../domain/swms';
import { newSwmsPath, revisePath } from '../../domain/swms-draft';
import { siteSignOnPath } from '../../domain/swms-signon';
import type { TradesActivity } from '../../domain/trades';
import { tradesEditPath } from '../../domain/trades-paths';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { AlertIcon } from '../../ui/icons';
import { useFirstItems } from './first-items';
import { LicenceList } from './licence-list';
import { SignOnNudge } from './sign-on-nudge';
import { homeText, tradesFieldLabels, tradesText } from './strings';

const siteLine = (site: ActivitySite) => [site.address, site.suburb].filter(Boolean).join(', ');

function SiteName({ site }: { readonly site: ActivitySite }) {
  return (
    <span className="home-site">
      <span className="home-site-address">{siteLine(site)}</span>
      <span className="home-site-company">
        {site.companyName}
        {site.siteNumber ? ` · Job ${site.siteNumber}` : ''}
      </span>
    </span>
  );
}

interface OnSiteProps {
  readonly activity: TradesActivity;
  readonly today: string;
  readonly timeZone: string;
  readonly busy: boolean;
  readonly checkingOutSite: string | null;
  readonly onCheckOut: (siteId: string) => void;
}

/** The open check-ins with 'Check out', and 'New SWMS' for every site checked in at today. */
export function OnSiteCard({ activity, today, timeZone, busy, checkingOutSite, onCheckOut }: OnSiteProps) {
  const titleId = useId();
  const open = openCheckIns(activity);
  const earlier = swmsSites(activity, today, timeZone).filter((site) => !open.some((checkIn) => checkIn.site._id === site._id));
  useBuilderReady(open[0]?.site._id ?? earlier[0]?._id ?? null);
  if (open.length === 0 && earlier.length === 0) return null;
  return (
    <Card aria-labelledby={titleId} className="home-on-site">
      <CardHeader>
        <CardTitle id={titleId}>{open.length > 0 ? homeText.onSiteTitle : homeText.earlierToday}</CardTitle>
      </CardHeader>
      <CardContent className="home-on-site-list">
        {open.map((checkIn) => (
          <div key={checkIn._id} className="home-on-site-item">
            <SiteName site={checkIn.site} />
            <p className="home-on-site-time">{homeText.checkedInAt(formatDateTime(checkIn.checkedInAt, checkIn.site.timeZone))}</p>
            <SignOnNudge siteId={checkIn.site._id} />
            <div className="home-actions">
              <Button asChild size="lg" className="home-signon">
                <Link to={siteSignOnPath(checkIn.site._id)}>{homeText.siteSwms}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to={newSwmsPath(checkIn.site._id)}>{homeText.newSwms}</Link>
              </Button>
              <Button
                size="lg"
                variant="secondary"
                disabled={busy}
                aria-busy={checkingOutSite === checkIn.site._id || undefined}
                onClick={() => onCheckOut(checkIn.site._id)}
              >
                {checkingOutSite === checkIn.site._id ? <span className="button-spinner" aria-hidden="true" /> : null}
                {homeText.checkOut}
              </Button>
            </div>
          </div>
        ))}
        {open.length > 0 && earlier.length > 0 ? <h3 className="home-subtitle">{homeText.earlierToday}</h3> : null}
        {earlier.map((site) => (
          <div key={site._id} className="home-on-site-item">
            <SiteName site={site} />
            <SignOnNudge siteId={site._id} />
            <div className="home-actions">
              <Button asChild size="lg" variant="secondary" className="home-signon">
                <Link to={siteSignOnPath(site._id)} aria-label={homeText.siteSwmsFor(siteLine(site))}>
                  {homeText.siteSwms}
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to={newSwmsPath(site._id)} aria-label={homeText.newSwmsFor(siteLine(site))}>
                  {homeText.newSwms}
                </Link>
              </Button>
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function checkOutText(checkIn: ActivityCheckIn): string {
  if (checkIn.checkedOutAt === null) return homeText.stillOnSite;
  const time = formatDateTime(checkIn.checkedOutAt, checkIn.site.timeZone);
  if (checkIn.checkoutKind === 'automatic') return homeText.checkedOutAutomatically(time);
  if (checkIn.checkoutKind === 'manual') return homeText.checkedOutBySupervisor(time);
  return homeText.checkedOutAt(time);
}

/**
 * Shows the rest of a home list, or hides it again; it stays where it is, below the list, so the focus does too, and
 * once the list is short again it is scrolled back into view.
 */
function ShowAllToggle({ listId, all, showAll, onToggle }: { readonly listId: string; readonly all: boolean; readonly showAll: string; readonly onToggle: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (toggled.current && !all) button.current?.scrollIntoView({ block: 'nearest' });
  }, [all]);
  return (
    <Button
      ref={button}
      size="lg"
      variant="secondary"
      className="home-show-all"
      aria-expanded={all}
      aria-controls={listId}
      onClick={() => {
        toggled.current = true;
        onToggle();
      }}
    >
      {all ? homeText.showFewer : showAll}
    </Button>
  );
}

interface HomeListCardProps<Item> {
  readonly title: string;
  readonly empty: string;
  readonly items: readonly Item[];
  readonly showAll: (count: number) => string;
  readonly children: (item: Item) => ReactNode;
}

/** A card of the home listing its newest entries first, with "Show all" for the rest (first-items.ts). */
function HomeListCard<Item extends { readonly _id: string }>({ title, empty, items, showAll, children }: HomeListCardProps<Item>) {
  const titleId = useId();
  const listId = useId();
  const { shown, more, all, toggle } = useFirstItems(items);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="home-empty">{empty}</p>
        ) : (
          <ul className="home-list" id={listId}>
            {shown.map((item) => (
              <li key={item._id} className="home-list-item">
                {children(item)}
              </li>
            ))}
          </ul>
        )}
        {more ? <ShowAllToggle listId={listId} all={all} showAll={showAll(items.length)} onToggle={toggle} /> : null}
      </CardContent>
    </Card>
  );
}

export function RecentCheckInsCard({ activity }: { readonly activity: TradesActivity }) {
  return (
    <HomeListCard title={homeText.recentCheckIns} empty={homeText.noCheckIns} items={activity.checkIns} showAll={homeText.showAllCheckIns}>
      {(checkIn) => (
        <>
          <SiteName site={checkIn.site} />
          <span className="home-list-meta">
            {homeText.checkedInAt(formatDateTime(checkIn.checkedInAt, checkIn.site.timeZone))} · {checkOutText(checkIn)}
          </span>
        </>
      )}
    </HomeListCard>
  );
}

/** Their SWMS with both review flags (For Review, Reviewed or Changes requested) and what a reviewer asked to change. */
export function SwmsCard({ activity }: { readonly activity: TradesActivity }) {
  return (
    <HomeListCard title={homeText.swmsTitle} empty={homeText.noSwms} items={activity.swms} showAll={homeText.showAllSwms}>
      {(swms) => (
        <>
          <span className="home-swms-task">{swms.taskDescription || homeText.untitledSwms}</span>
          <SiteName site={swms.site} />
          <span className="home-list-meta">
            {swms.revision > 1
              ? homeText.revisedAt(swms.revision, formatDateTime(swms.revisedAt, swms.site.timeZone))
              : homeText.submittedAt(formatDateTime(swms.createdAt, swms.site.timeZone))}
          </span>
          <span className="home-flags">
            <StatusBadge status={swms.companyAdminStatus}>{homeText.reviewFlag(homeText.adminReviewer, reviewStatusLabels[swms.companyAdminStatus])}</StatusBadge>
            <StatusBadge status={swms.supervisorStatus}>{homeText.reviewFlag(homeText.supervisorReviewer, reviewStatusLabels[swms.supervisorStatus])}</StatusBadge>
          </span>
          {swms.changesRequested === null ? null : (
            <span className="home-swms-changes" data-slot="changes-requested">
              <strong>{homeText.changesRequested}</strong>
              {swms.changesRequested.part === null ? null : <span> · {homeText.changesAbout(swmsCommentPartLabels[swms.changesRequested.part])}</span>}
              <span className="home-swms-comment">{swms.changesRequested.comment}</span>
            </span>
          )}
          {isRevisable(swms) ? (
            <Button asChild variant={swms.changesRequested === null ? 'secondary' : 'primary'} size="lg" className="home-swms-revise">
              <Link to={revisePath(swms.site._id, swms._id)} aria-label={homeText.reviseSwms(swms.taskDescription || homeText.untitledSwms)}>
                {homeText.revise}
              </Link>
            </Button>
          ) : null}
        </>
      )}
    </HomeListCard>
  );
}

/** What would block a check-in today, before the gate says so. */
export function ProfileProblems({ home, today }: { readonly home: TradesHome; readonly today: string }) {
  const problems = profileProblems(home, today);
  if (problems.length === 0) return null;
  return (
    <section className="home-problems" role="alert" aria-label={homeText.profileNeedsWork}>
      <p className="home-problems-title">
        <AlertIcon width={20} height={20} />
        {homeText.profileNeedsWork}
      </p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <Button asChild size="lg">
        <Link to={tradesEditPath(home.person._id)}>{homeText.completeProfile}</Link>
      </Button>
    </section>
  );
}

export function ProfileCard({ home, today }: { readonly home: TradesHome; readonly today: string }) {
  const titleId = useId();
  const { person } = home;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{homeText.profileTitle}</CardTitle>
        <Button asChild variant="secondary" size="lg">
          <Link to={tradesEditPath(person._id)}>{homeText.editProfile}</Link>
        </Button>
      </CardHeader>
      <CardContent className="home-profile">
        <DetailList>
          <DetailItem label={tradesFieldLabels.phone}>{person.phone || <span className="muted">{tradesText.notProvided}</span>}</DetailItem>
          <DetailItem label={tradesFieldLabels.whitecardNumber}>
            {person.whitecardNumber || <span className="muted">{tradesText.notProvided}</span>}
          </DetailItem>
          <DetailItem label={tradesFieldLabels.emergencyContactName}>
            {person.emergencyContactName ? `${person.emergencyContactName} · ${person.emergencyContactPhone}` : <span className="muted">{tradesText.notProvided}</span>}
          </DetailItem>
        </DetailList>
        <h3 className="home-subtitle">{tradesText.licences}</h3>
        <LicenceList licences={person.licences} today={today} />
      </CardContent>
    </Card>
  );
}
