import { Schema } from 'effect';
import { requiredText, textLimits } from './fields';
import { SiteTimeZoneSchema } from './site-time-zone';

/**
 * Issue 57 §3 (WHS Regulation 300): each worker who does the work signs on to the SWMS's current revision before
 * starting. The author's own submission (and each revision they send) counts as their sign-on ('authored').
 */
export const swmsSignOnMessages = {
  confirm: 'Confirm that you have read and understood this SWMS and will work to it',
  confirmation: 'I have read and understood this SWMS and will work to it',
  signature: 'Sign with your finger, or type your full name',
  drawnSignature: 'The drawn signature must be a PNG image of at most 64 KB',
  revision: 'Send the revision number you read',
  notLatest: 'This SWMS has a newer revision: read it again before signing on',
  notCheckedIn: 'Check in at this site before signing on to its SWMS',
  tradesOnly: 'Only a tradesperson can sign on to a SWMS',
  notFound: 'This SWMS is not one of this site’s',
  signedOn: 'Signed on',
  stale: 'Signed an earlier revision: sign again',
  missing: 'Not signed on',
} as const;

/** The largest drawn signature the server stores (a PNG of a phone-width pad is 5-20 KB). */
export const maxDrawnSignatureBytes = 64 * 1024;

/** A drawn signature is a PNG as a data URL (`data:image/png;base64,…`); a typed one is the worker's full name. */
export const SignOnSignature = Schema.Union([
  Schema.Struct({ kind: Schema.Literal('drawn'), image: Schema.String.annotate({ message: swmsSignOnMessages.drawnSignature }) }),
  Schema.Struct({ kind: Schema.Literal('typed'), name: requiredText(textLimits.line) }),
]).annotate({ message: swmsSignOnMessages.signature });
export type SignOnSignature = typeof SignOnSignature.Type;

/** POST site/{siteId}/swms/{swmsId}/signon: 201 with SwmsSignOnResult; 409 `notLatest` when `revision` is not the latest. */
export const SwmsSignOnRequest = Schema.Struct({
  revision: Schema.Int.annotate({ message: swmsSignOnMessages.revision }).check(Schema.isGreaterThanOrEqualTo(1, { message: swmsSignOnMessages.revision })),
  signature: SignOnSignature,
  confirmed: Schema.Literal(true).annotate({ message: swmsSignOnMessages.confirm }),
});
export type SwmsSignOnRequest = typeof SwmsSignOnRequest.Type;

export const SwmsSignOnResult = Schema.Struct({ swmsId: Schema.String, revision: Schema.Number, signedAt: Schema.String });
export type SwmsSignOnResult = typeof SwmsSignOnResult.Type;

/** A worker's standing on a SWMS: signed the current revision, only an earlier one, or none. */
export const signOnStates = ['current', 'stale', 'missing'] as const;
export type SignOnState = (typeof signOnStates)[number];

const Person = Schema.Struct({ _id: Schema.String, firstName: Schema.String, surname: Schema.String });

/**
 * GET site/{siteId}/signons (a tradesperson checked in at the site today): the site's SWMS they can work under, newest
 * first, each with its latest revision and their own sign-on state. This is the phone's "SWMS on this site" page.
 */
export const SiteSwmsToSign = Schema.Struct({
  site: Schema.Struct({ _id: Schema.String, siteNumber: Schema.String, address: Schema.String, timeZone: SiteTimeZoneSchema }),
  items: Schema.Array(
    Schema.Struct({
      swmsId: Schema.String,
      revision: Schema.Number,
      taskDescription: Schema.String,
      highRiskWork: Schema.Array(Schema.String),
      createdAt: Schema.String,
      author: Person,
      state: Schema.Literals(signOnStates),
      /** The revision and time of the worker's latest sign-on to this SWMS, if any. */
      signedRevision: Schema.NullOr(Schema.Number),
      signedAt: Schema.NullOr(Schema.String),
    }),
  ),
});
export type SiteSwmsToSign = typeof SiteSwmsToSign.Type;

/**
 * GET site/{siteId}/swms/{swmsId} (the same tradesperson): the SWMS's latest revision as `Swms` (src/domain/swms.ts), the
 * whole document the phone's 'Read and sign' shows; 403 `notCheckedIn`, 404 `notFound`.
 */

/**
 * GET company/{id}/swms/{swmsId}/signons (admin, supervisor, auditor): each worker's latest sign-on, current first then
 * stale, newest first within each. `signature` is the drawn PNG as a data URL, the typed name, or 'authored'.
 */
export const SwmsSignOns = Schema.Struct({
  revision: Schema.Number,
  items: Schema.Array(
    Schema.Struct({
      worker: Person,
      revision: Schema.Number,
      signedAt: Schema.String,
      state: Schema.Literals(['current', 'stale']),
      signature: Schema.Union([
        Schema.Struct({ kind: Schema.Literal('drawn'), image: Schema.String }),
        Schema.Struct({ kind: Schema.Literal('typed'), name: Schema.String }),
        Schema.Struct({ kind: Schema.Literal('authored') }),
      ]),
    }),
  ),
});
export type SwmsSignOns = typeof SwmsSignOns.Type;

/**
 * GET company/{id}/projectSites/{siteId}/signon-gaps: workers on site now with no current sign-on to any SWMS of the
 * site; `reason` is 'stale' when they signed only earlier revisions. Refreshed over the live bus (topics 'onsite' and
 * 'signons').
 */
export const SignOnGaps = Schema.Struct({
  items: Schema.Array(
    Schema.Struct({
      worker: Person,
      checkedInAt: Schema.String,
      reason: Schema.Literals(['missing', 'stale']),
    }),
  ),
});
export type SignOnGaps = typeof SignOnGaps.Type;

/** The phone's routes: the site's SWMS to sign, and one SWMS's 'Read and sign'. */
export const siteSignOnPath = (siteId: string) => `/site/${encodeURIComponent(siteId)}/swms`;
export const readAndSignPath = (siteId: string, swmsId: string) => `${siteSignOnPath(siteId)}/${encodeURIComponent(swmsId)}/sign`;
/** The builder for a new revision, prefilled from the latest (written beside the new-SWMS builder's path). */
export { revisePath } from './swms-draft';
