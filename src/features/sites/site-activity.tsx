import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { getSiteCheckIns } from '../../api/get-site-check-ins';
import { getSiteSwms } from '../../api/get-site-swms';
import { StatusBadge } from '../../components/status-menu/status-badge';
import type { CheckIn } from '../../domain/check-in';
import { formatActivity, formatTimeOut } from '../../domain/dates';
import { reviewStatusLabels } from '../../domain/swms';
import { ActivityList } from './activity-list';
import { sitePaths } from './paths';
import { checkOutText, siteText } from './strings';
import { useCursorList } from '../../components/cursor-list/use-cursor-list';
import { useLiveChanges } from '../../components/live/use-live-changes';

/** About what the list's box shows at once, so scrolling it asks for the next page. */
const activityPageSize = 5;

const fullName = (person: { readonly firstName: string; readonly surname: string }) => `${person.firstName} ${person.surname}`.trim();

interface SiteListProps {
  readonly companyId: string;
  readonly siteId: string;
  /** Issue 55 §3: the site's zone, whose clock its check-ins and SWMS show on. */
  readonly timeZone: string;
}

function CheckOutLine({ checkIn, timeZone }: { readonly checkIn: CheckIn; readonly timeZone: string }) {
  if (checkIn.checkedOutAt === undefined) return null;
  if (checkIn.checkedOutAt === null) {
    return (
      <span className="activity-out" data-kind="onsite">
        {checkOutText.onSite}
      </span>
    );
  }
  const label = checkOutText[checkIn.checkoutKind ?? 'self'];
  return (
    <span className="activity-out" data-kind={checkIn.checkoutKind ?? 'self'}>
      {`${label}, `}
      <time dateTime={checkIn.checkedOutAt}>{formatTimeOut(checkIn.createdAt, checkIn.checkedOutAt, timeZone)}</time>
    </span>
  );
}

function CheckInList({ companyId, siteId, timeZone }: SiteListProps) {
  const load = useCallback(
    (cursor: string | null, signal: AbortSignal) => getSiteCheckIns(companyId, siteId, { cursor, limit: activityPageSize }, { signal }),
    [companyId, siteId],
  );
  const list = useCursorList(load);
  return (
    <ActivityList
      title={siteText.latestCheckIns}
      list={list}
      emptyText={siteText.noCheckIns}
      itemKey={(checkIn) => checkIn._id}
      renderItem={(checkIn) => (
        <>
          <span className="activity-name">{fullName(checkIn.checkInUser) || checkIn.userName}</span>
          <time className="activity-time" dateTime={checkIn.createdAt}>
            {formatActivity(checkIn.createdAt, timeZone)}
          </time>
          <CheckOutLine checkIn={checkIn} timeZone={timeZone} />
        </>
      )}
    />
  );
}

/** Spec §2 latest check-ins, read again from the top when anyone checks in or out (issue 10). */
export function SiteCheckIns({ companyId, siteId, timeZone }: SiteListProps) {
  const [generation, setGeneration] = useState(0);
  useLiveChanges(companyId, 'onsite', () => setGeneration((value) => value + 1));
  return <CheckInList key={generation} companyId={companyId} siteId={siteId} timeZone={timeZone} />;
}

export function SiteSwms({ companyId, siteId, timeZone }: SiteListProps) {
  const load = useCallback(
    (cursor: string | null, signal: AbortSignal) => getSiteSwms(companyId, siteId, { cursor, limit: activityPageSize }, { signal }),
    [companyId, siteId],
  );
  const list = useCursorList(load);
  return (
    <ActivityList
      title={siteText.swmsCompleted}
      list={list}
      emptyText={siteText.noSwms}
      itemKey={(swms) => swms._id}
      renderItem={(swms) => (
        <Link to={sitePaths.swms(companyId, swms._id)} className="activity-link">
          <span className="activity-name">{fullName(swms.submittedBy)}</span>
          {swms.revision > 1 ? <span className="activity-revision">{siteText.revision(swms.revision)}</span> : null}
          <StatusBadge status={swms.status} className="activity-badge">
            {reviewStatusLabels[swms.status]}
          </StatusBadge>
          <time className="activity-time" dateTime={swms.createdAt}>
            {formatActivity(swms.createdAt, timeZone)}
          </time>
        </Link>
      )}
    />
  );
}
