import type { SnapshotFrom } from 'xstate';
import { calendarDateIn, checkInProblems, licenceStanding, type Licence, type LicenceStanding, type TradesActivity } from '../src/domain/trades';
import type { TradesHome, tradesHomeMachine } from './trades-home.machine';

type Snapshot = SnapshotFrom<typeof tradesHomeMachine>;

export type ActivityCheckIn = TradesActivity['checkIns'][number];
export type ActivitySite = ActivityCheckIn['site'];
export type ActivitySwms = TradesActivity['swms'][number];

/**
 * Issue 57 §2: 'Revise' on a SWMS a reviewer sent back with changes requested, or on one reviewed, whose work or
 * controls may change (WHS Regulation 302); one still waiting for its first look has nothing to answer yet.
 */
export function isRevisable(swms: ActivitySwms): boolean {
  return swms.changesRequested !== null || swms.companyAdminStatus !== 'forReview' || swms.supervisorStatus !== 'forReview';
}

export const isLoading = (snapshot: Snapshot) => snapshot.hasTag('loading');
export const isFailed = (snapshot: Snapshot) => snapshot.matches('failed');
/** The home could not be read for want of a connection: it shows what the phone keeps. */
export const isUnreachable = (snapshot: Snapshot) => snapshot.matches('failed') && snapshot.context.unreachable;
export const isBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const home = (snapshot: Snapshot): TradesHome | null => snapshot.context.home;
export const checkingOutSite = (snapshot: Snapshot) => (snapshot.matches('checkingOut') ? snapshot.context.checkingOutSite : null);

/** Check-ins not yet ended: each offers 'Check out'. */
export function openCheckIns(activity: TradesActivity): ActivityCheckIn[] {
  return activity.checkIns.filter((checkIn) => checkIn.checkedOutAt === null);
}

/**
 * Issue 10 §4: 'New SWMS' for each site the tradesperson is checked in at now, or checked in at today
 * (`today` and `timeZone` as the phone reads them; the server decides by the site's own time).
 */
export function swmsSites(activity: TradesActivity, today: string, timeZone: string): ActivitySite[] {
  const sites = new Map<string, ActivitySite>();
  for (const checkIn of activity.checkIns) {
    const isToday = calendarDateIn(timeZone, new Date(checkIn.checkedInAt)) === today;
    if (checkIn.checkedOutAt === null || isToday) sites.set(checkIn.site._id, checkIn.site);
  }
  return [...sites.values()];
}

export interface LicenceWithStanding {
  readonly licence: Licence;
  readonly standing: LicenceStanding;
}

/** Issue 10 §5: each licence with its standing; expired and soon-expiring ones first. */
export function licencesWithStanding(licences: readonly Licence[], today: string): LicenceWithStanding[] {
  const order: Record<LicenceStanding, number> = { expired: 0, expiresSoon: 1, current: 2 };
  return licences
    .map((licence) => ({ licence, standing: licenceStanding(licence.expiresOn, today) }))
    .sort((a, b) => order[a.standing] - order[b.standing] || a.licence.expiresOn.localeCompare(b.licence.expiresOn));
}

/** What would block a check-in today, so the home page can say so before the gate does. */
export function profileProblems(home: TradesHome, today: string): string[] {
  return checkInProblems(home.person, today);
}
