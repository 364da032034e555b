import { Schema } from 'effect';
import { text, textLimits, Uuid } from './fields';
import { PpeSchema } from './ppe';
import { SiteStatusSchema, type SiteStatus } from './site-status';
import { SiteTimeZoneSchema } from './site-time-zone';

/** Issue 10: a tradesperson at the site gate (QR code, check in, check out, who is on site now). */
export const siteVisitMessages = {
  invalidKey: 'This site QR code is no longer valid',
  invalidKeyHelp: 'Ask the site supervisor for the current QR code at the site gate.',
  siteNotFound: 'This project site does not exist',
  tradesOnly: 'Only a tradesperson can check in at a site',
  ppeNotConfirmed: 'Confirm you have the PPE this site requires',
  safetyPlanNotAcknowledged: 'Read the site safety plan and acknowledge it before checking in',
  notCheckedIn: 'You are not checked in at this site',
  alreadyCheckedIn: 'You are already checked in at this site',
  siteClosed: 'This site is not open for check-in',
  siteClosedLead: (status: string) => `This site is ${status.toLowerCase()}: nobody checks in here now. Ask the site supervisor if you expected to work here.`,
  siteOnHold: 'This site is on hold. Check with the site supervisor before you start work.',
  checkInNotFound: 'This person is not checked in at this site',
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  keyReplaced: 'A new QR code was issued: print the new site poster. Old posters no longer work.',
} as const;

/** How a check-in ended: by the tradesperson, by an admin or supervisor, or at midnight site time. */
const checkoutKinds = ['self', 'manual', 'automatic'] as const;
export type CheckoutKind = (typeof checkoutKinds)[number];
export const CheckoutKindSchema = Schema.Literals(checkoutKinds);

/** GET company/{companyId}/projectSites/{siteId}/qr: the poster's address for the site's current key. */
export const SiteQr = Schema.Struct({ url: Schema.String });
export type SiteQr = typeof SiteQr.Type;

/** What the gate shows anyone holding the key: enough to know they are at the right site. */
export const VisitSite = Schema.Struct({
  _id: Schema.String,
  address: Schema.String,
  suburb: Schema.String,
  postcode: Schema.String,
  siteNumber: Schema.String,
  companyName: Schema.String,
  ppe: Schema.Array(PpeSchema),
  otherPpe: Schema.String,
  hasSafetyPlan: Schema.Boolean,
  /** The site's own zone, whose clock its check-in times show on. */
  timeZone: SiteTimeZoneSchema,
  /** The gate says a closed or paused site is so before anything is ticked. */
  status: SiteStatusSchema,
});
export type VisitSite = typeof VisitSite.Type;

/** Issue 10: check-in is refused at a completed or cancelled site. */
export const isClosedForCheckIn = (status: SiteStatus): boolean => status === 'completed' || status === 'cancelled';

export const ActiveCheckIn = Schema.Struct({
  _id: Schema.String,
  siteId: Schema.String,
  checkedInAt: Schema.String,
});
export type ActiveCheckIn = typeof ActiveCheckIn.Type;

/**
 * GET site/{siteId}?key=…: the site for anyone with a valid key (403 invalidKey otherwise). For a
 * signed-in tradesperson also their open check-in here, the safety plan's read url, and what blocks
 * check-in (messages from `checkInProblems`); `visitor` is null when not signed in as a tradesperson.
 */
export const SiteVisit = Schema.Struct({
  site: VisitSite,
  visitor: Schema.NullOr(
    Schema.Struct({
      checkIn: Schema.NullOr(ActiveCheckIn),
      /** Checked in at this site at any time today (site time): may submit a SWMS for it. */
      checkedInToday: Schema.Boolean,
      safetyPlan: Schema.NullOr(Schema.Struct({ url: Schema.String })),
      profileComplete: Schema.Boolean,
      problems: Schema.Array(Schema.String),
    }),
  ),
});
export type SiteVisit = typeof SiteVisit.Type;

/** The key a site's QR poster carries; a key that is not one is refused as a stale poster's would be. */
const SiteKey = text(textLimits.code, { notText: siteVisitMessages.invalidKey, tooLong: siteVisitMessages.invalidKey });

/** POST site/{siteId}/checkin. */
export const CheckInRequest = Schema.Struct({
  key: SiteKey,
  ppeConfirmed: Schema.Literal(true).annotate({ message: siteVisitMessages.ppeNotConfirmed }),
  safetyPlanAcknowledged: Schema.optionalKey(Schema.Boolean),
});
export type CheckInRequest = typeof CheckInRequest.Type;

/** POST site/{siteId}/checkout and the manual checkout answer the ended check-in. */
export const EndedCheckIn = Schema.Struct({
  _id: Schema.String,
  siteId: Schema.String,
  checkedInAt: Schema.String,
  checkedOutAt: Schema.String,
  checkoutKind: CheckoutKindSchema,
});
export type EndedCheckIn = typeof EndedCheckIn.Type;

/** One person of GET company/{companyId}/projectSites/{siteId}/onsite (and the evacuation list). */
export const OnSitePerson = Schema.Struct({
  checkInId: Schema.String,
  userId: Schema.String,
  firstName: Schema.String,
  surname: Schema.String,
  trade: Schema.String,
  phone: Schema.String,
  emergencyContactName: Schema.String,
  emergencyContactPhone: Schema.String,
  checkedInAt: Schema.String,
});
export type OnSitePerson = typeof OnSitePerson.Type;

export const OnSiteList = Schema.Struct({
  siteId: Schema.String,
  count: Schema.Number,
  people: Schema.Array(OnSitePerson),
});
export type OnSiteList = typeof OnSiteList.Type;

export const CheckInIdParam = Uuid.annotate({ message: siteVisitMessages.checkInNotFound });

/** POST site/{siteId}/join: the poster's key proves the account was made at a site gate. */
export const JoinSiteRequest = Schema.Struct({
  key: SiteKey,
});
export type JoinSiteRequest = typeof JoinSiteRequest.Type;

/** POST site/{siteId}/checkout: no key needed (the home page checks out too); one sent must be the current one. */
export const CheckOutRequest = Schema.Struct({
  key: Schema.optionalKey(SiteKey),
});
export type CheckOutRequest = typeof CheckOutRequest.Type;

/** The audit trail's names for what happens at the gate (issue 10). */
export const siteVisitAuditActions = {
  checkedIn: 'checkIn.created',
  refused: 'checkIn.refused',
  checkedOut: 'checkIn.closed',
  checkedOutByHand: 'checkIn.closedByHand',
  checkedOutAtMidnight: 'checkIn.closedAtMidnight',
  qrReplaced: 'site.qrReplaced',
  registered: 'trades.registered',
} as const;
