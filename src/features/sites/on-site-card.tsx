import { Link } from 'react-router-dom';
import { personName } from '../../../machines/on-site.machine';
import type { ProjectSite } from '../../domain/project-site';
import type { OnSitePerson } from '../../domain/site-visit';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { ErrorState, LoadingState } from '../../ui/status';
import { CheckOutDialog } from './check-out-dialog';
import { sitePaths } from './paths';
import { formatTime } from '../../domain/dates';
import { onSiteText } from './strings';
import { useOnSite, type OnSite } from './use-on-site';

interface PersonRowProps {
  readonly person: OnSitePerson;
  readonly timeZone: string;
  readonly onCheckOut: (() => void) | null;
}

function PersonRow({ person, timeZone, onCheckOut }: PersonRowProps) {
  const name = personName(person);
  return (
    <li className="on-site-person">
      <div className="on-site-who">
        <Link className="site-link" to={sitePaths.tradesPerson(person.userId)}>
          {name}
        </Link>
        <span className="muted">{person.trade || onSiteText.noTrade}</span>
      </div>
      <div className="on-site-when">
        {person.phone ? (
          <a className="site-link" href={`tel:${person.phone}`} aria-label={`${onSiteText.phone} ${name} ${person.phone}`}>
            {person.phone}
          </a>
        ) : null}
        <span className="muted">
          {`${onSiteText.timeIn} `}
          <time dateTime={person.checkedInAt}>{formatTime(person.checkedInAt, timeZone)}</time>
        </span>
      </div>
      {onCheckOut ? (
        <Button variant="secondary" size="sm" className="on-site-check-out" aria-label={onSiteText.checkOutLabel(name)} onClick={onCheckOut}>
          {onSiteText.checkOut}
        </Button>
      ) : null}
    </li>
  );
}

function OnSitePeople({ onSite, timeZone, canCheckOut }: { readonly onSite: OnSite; readonly timeZone: string; readonly canCheckOut: boolean }) {
  const { list, send } = onSite;
  if (onSite.loading && !list) return <LoadingState />;
  if (onSite.unavailable) return <ErrorState detail={onSite.loadError} onRetry={() => send({ type: 'onsite.refresh' })} />;
  if (!list) return null;
  if (list.people.length === 0) return <p className="muted on-site-empty">{onSiteText.empty}</p>;
  return (
    <ul className="on-site-list" aria-label={onSiteText.listLabel} aria-busy={onSite.refreshing || undefined}>
      {list.people.map((person) => (
        <PersonRow
          key={person.checkInId}
          person={person}
          timeZone={timeZone}
          onCheckOut={canCheckOut ? () => send({ type: 'checkOut.request', checkInId: person.checkInId }) : null}
        />
      ))}
    </ul>
  );
}

/** Issue 10 §3 'On site now: N': updates by itself; admins and supervisors may check a person out by hand. */
export function OnSiteCard({ site, canCheckOut }: { readonly site: ProjectSite; readonly canCheckOut: boolean }) {
  const onSite = useOnSite(site);
  const { list, send } = onSite;
  return (
    <Card className="on-site-card" aria-labelledby="on-site-title">
      <CardHeader>
        <CardTitle id="on-site-title" aria-live="polite">
          {list ? onSiteText.title(list.count) : onSiteText.loadingTitle}
        </CardTitle>
        <Button asChild variant="secondary" size="sm">
          <Link to={sitePaths.evacuation(site.company._id, site._id)}>{onSiteText.evacuationList}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <OnSitePeople onSite={onSite} timeZone={site.timeZone} canCheckOut={canCheckOut} />
      </CardContent>
      {canCheckOut ? (
        <CheckOutDialog
          person={onSite.pending}
          open={onSite.confirming}
          checkingOut={onSite.checkingOut}
          error={onSite.checkOutError}
          onCancel={() => send({ type: 'checkOut.cancel' })}
          onConfirm={() => send({ type: 'checkOut.confirm' })}
        />
      ) : null}
    </Card>
  );
}
