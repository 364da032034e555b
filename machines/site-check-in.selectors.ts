import type { SnapshotFrom } from 'xstate';
import { siteVisitMessages, type VisitSite } from '../src/domain/site-visit';
import { needsPpeConfirmation, needsSafetyPlanAcknowledgement, siteCheckInMachine } from './site-check-in.machine';

export type SiteCheckInSnapshot = SnapshotFrom<typeof siteCheckInMachine>;

/** The screens of the check-in page, one per waiting state of the machine. */
export type CheckInScreen =
  | 'loading'
  | 'invalidKey'
  | 'siteClosed'
  | 'signedOut'
  | 'notTradesperson'
  | 'profileIncomplete'
  | 'blocked'
  | 'ready'
  | 'checkedIn'
  | 'checkedOut'
  | 'failed';

const screenByState: Record<string, CheckInScreen> = {
  loading: 'loading',
  deciding: 'loading',
  joining: 'loading',
  invalidKey: 'invalidKey',
  siteClosed: 'siteClosed',
  signedOut: 'signedOut',
  signingIn: 'signedOut',
  notTradesperson: 'notTradesperson',
  profileIncomplete: 'profileIncomplete',
  blocked: 'blocked',
  ready: 'ready',
  checkingIn: 'ready',
  checkedIn: 'checkedIn',
  checkingOut: 'checkedIn',
  checkedOut: 'checkedOut',
  failed: 'failed',
};

export const screen = (snapshot: SiteCheckInSnapshot): CheckInScreen => screenByState[String(snapshot.value)] ?? 'loading';

/** Loading the visit or joining: nothing to show yet. */
export const isLoading = (snapshot: SiteCheckInSnapshot) => snapshot.hasTag('loading');

/** Leaving to sign in, checking in or out: the buttons wait. */
export const isBusy = (snapshot: SiteCheckInSnapshot) => snapshot.hasTag('busy');

export const site = (snapshot: SiteCheckInSnapshot): VisitSite | null => snapshot.context.visit?.site ?? null;

/** Issue 55 §8: an on-hold site is still open for check-in, and the page says it is on hold above the PPE. */
export const isOnHold = (snapshot: SiteCheckInSnapshot) => snapshot.context.visit?.site.status === 'on_hold';

export const needsPpe = (snapshot: SiteCheckInSnapshot) => needsPpeConfirmation(snapshot.context.visit);

/** How many boxes the site asks to be ticked before 'Check in': the hint under the button is worded for that many. */
export const boxesToTick = (snapshot: SiteCheckInSnapshot): number =>
  Number(needsPpeConfirmation(snapshot.context.visit)) + Number(needsSafetyPlanAcknowledgement(snapshot.context.visit));
export const needsSafetyPlan = (snapshot: SiteCheckInSnapshot) => needsSafetyPlanAcknowledgement(snapshot.context.visit);
export const safetyPlanUrl = (snapshot: SiteCheckInSnapshot) => snapshot.context.visit?.visitor?.safetyPlan?.url ?? null;
export const ppeConfirmed = (snapshot: SiteCheckInSnapshot) => snapshot.context.ppeConfirmed;
export const safetyPlanAcknowledged = (snapshot: SiteCheckInSnapshot) => snapshot.context.safetyPlanAcknowledged;

/** 'Check in' is live once every confirmation the site asks for is ticked. */
export const canCheckIn = (snapshot: SiteCheckInSnapshot) => snapshot.matches('ready') && snapshot.can({ type: 'visit.checkIn' });

export const problems = (snapshot: SiteCheckInSnapshot) => snapshot.context.problems;

/** Refusals about the site itself, which no change to the profile fixes. */
const siteProblems: readonly string[] = [siteVisitMessages.siteClosed];

/** Each problem, and whether the profile is where it is fixed ('Fix in my profile'). */
export const problemFixes = (snapshot: SiteCheckInSnapshot): { readonly problem: string; readonly inProfile: boolean }[] =>
  snapshot.context.problems.map((problem) => ({ problem, inProfile: !siteProblems.includes(problem) }));
export const error = (snapshot: SiteCheckInSnapshot) => snapshot.context.error;
export const checkIn = (snapshot: SiteCheckInSnapshot) => snapshot.context.checkIn;
export const checkedOut = (snapshot: SiteCheckInSnapshot) => snapshot.context.checkedOut;

/** Issue 10 §4: a SWMS may be submitted for the site while checked in there, or after checking in today. */
export const maySubmitSwms = (snapshot: SiteCheckInSnapshot) =>
  snapshot.context.checkIn !== null || snapshot.context.checkedOut !== null || snapshot.context.visit?.visitor?.checkedInToday === true;
