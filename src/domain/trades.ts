import { Schema } from 'effect';
import { ProfilePhone, RequiredText, Email, requiredText, textLimits } from './fields';
import { CheckoutKindSchema } from './site-visit';
import { SiteTimeZoneSchema } from './site-time-zone';
import { ReviewStatusSchema, SwmsCommentPartSchema } from './swms';

export const tradesMessages = {
  notAuthorised: 'You are not authorised to view this page',
  ownProfileOnly: 'You can only change your own tradesperson profile',
  saved: 'Details updated successfully',
  saveFailed: 'Failed to update the info',
  expiryDate: 'Enter the expiry date as a date, e.g. 2027-06-30',
  tooManyLicences: 'List at most 20 licences',
  photoUploadAgain: 'Upload the photo again',
  noWhitecard: 'Add your white card number to your profile before checking in',
  incompleteProfile: 'Complete your tradesperson profile before checking in',
} as const;


/** A photo already uploaded through POST file (type photo); a url sent back with it is ignored. */
export const PhotoReference = Schema.Struct({
  friendlyName: requiredText(textLimits.fileName),
  fileKey: RequiredText,
  type: Schema.Literal('photo').annotate({ message: tradesMessages.photoUploadAgain }),
});
export type PhotoReference = typeof PhotoReference.Type;

/** No photo, or one uploaded; any other shape answers 'Upload the photo again' rather than the union's wording. */
export const OptionalPhotoReference = Schema.NullOr(PhotoReference).annotate({ message: tradesMessages.photoUploadAgain });

/** A calendar date, yyyy-mm-dd. */
export const CalendarDate = Schema.String.annotate({ message: tradesMessages.expiryDate }).check(
  Schema.makeFilter<string>((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return tradesMessages.expiryDate;
    const date = new Date(`${value}T00:00:00Z`);
    return (!Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)) || tradesMessages.expiryDate;
  }),
);

/** High-risk work licence classes (Safe Work Australia) offered as suggestions; any class may be typed. */
export const licenceClassSuggestions = [
  'Scaffolding (SB, SI, SA)', 'Dogging (DG)', 'Rigging (RB, RI, RA)', 'Forklift truck (LF)', 'Order picking forklift (LO)',
  'Boom-type elevating work platform (WP)', 'Tower crane (CT)', 'Self-erecting tower crane (CS)', 'Derrick crane (CD)',
  'Portal boom crane (CP)', 'Bridge and gantry crane (CB)', 'Vehicle loading crane (CV)', 'Non-slewing mobile crane (CN)',
  'Slewing mobile crane (C2, C6, C1, C0)', 'Materials hoist (HM)', 'Personnel and materials hoist (HP)',
  'Concrete placing boom (PB)', 'Reach stacker (RS)', 'Electrical licence', 'Asbestos removal (Class A or B)',
] as const;

const LicenceInput = Schema.Struct({
  licenceClass: RequiredText,
  number: RequiredText,
  expiresOn: CalendarDate,
  photo: OptionalPhotoReference,
});
type LicenceInput = typeof LicenceInput.Type;

/** PUT profile/trades/{id}: the tradesperson's own profile (spec §2 /trades fields plus issue 10's white card photo and licences). */
export const TradesProfileUpdate = Schema.Struct({
  firstName: RequiredText,
  surname: RequiredText,
  phone: ProfilePhone,
  email: Email,
  emergencyContactName: RequiredText,
  emergencyContactPhone: ProfilePhone,
  tradeQualifications: RequiredText,
  whitecardNumber: RequiredText,
  whitecardPhoto: OptionalPhotoReference,
  licences: Schema.Array(LicenceInput).check(Schema.isMaxLength(20, { message: tradesMessages.tooManyLicences })),
});
export type TradesProfileUpdate = typeof TradesProfileUpdate.Type;

const Photo = Schema.NullOr(Schema.Struct({ url: Schema.String, fileKey: Schema.String, friendlyName: Schema.String }));

export const Licence = Schema.Struct({
  _id: Schema.String,
  licenceClass: Schema.String,
  number: Schema.String,
  expiresOn: Schema.String,
  photo: Photo,
});
export type Licence = typeof Licence.Type;

/** Spec §2 /trades/{id}: a tradesperson's details, as GET profile/trades/{id} answers them. */
export const TradesPerson = Schema.Struct({
  _id: Schema.String,
  firstName: Schema.String,
  surname: Schema.String,
  phone: Schema.String,
  email: Schema.String,
  emergencyContactName: Schema.String,
  emergencyContactPhone: Schema.String,
  tradeQualifications: Schema.String,
  whitecardNumber: Schema.String,
  whitecardPhoto: Photo,
  licences: Schema.Array(Licence),
});
export type TradesPerson = typeof TradesPerson.Type;

interface CheckableProfile {
  readonly whitecardNumber: string;
  readonly firstName: string;
  readonly phone: string;
  readonly licences: readonly { readonly licenceClass: string; readonly expiresOn: string }[];
}

const dayMonthYear = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
};

export function expiredLicenceMessage(licenceClass: string, expiresOn: string): string {
  return `Your ${licenceClass} licence expired on ${dayMonthYear(expiresOn)}: renew it, or remove it from your profile if you will not do that work, before checking in`;
}

/**
 * Issue 10 licence check: no white card number, or a declared licence past its expiry date, blocks
 * check-in (we block where others warn). `today` is the site's calendar date, yyyy-mm-dd.
 */
export function checkInProblems(profile: CheckableProfile, today: string): string[] {
  const problems: string[] = [];
  if (profile.firstName.trim() === '' || profile.phone.trim() === '') problems.push(tradesMessages.incompleteProfile);
  if (profile.whitecardNumber.trim() === '') problems.push(tradesMessages.noWhitecard);
  for (const licence of profile.licences) {
    if (licence.expiresOn < today) problems.push(expiredLicenceMessage(licence.licenceClass, licence.expiresOn));
  }
  return problems;
}

const licenceWarningDays = 30;

export type LicenceStanding = 'expired' | 'expiresSoon' | 'current';

/** Issue 10 home page: a licence expiring within 30 days of `today` (yyyy-mm-dd) is flagged. */
export function licenceStanding(expiresOn: string, today: string): LicenceStanding {
  if (expiresOn < today) return 'expired';
  const warnFrom = new Date(`${today}T00:00:00Z`);
  warnFrom.setUTCDate(warnFrom.getUTCDate() + licenceWarningDays);
  return expiresOn <= warnFrom.toISOString().slice(0, 10) ? 'expiresSoon' : 'current';
}

/** The calendar date, yyyy-mm-dd, at `at` in `timeZone`. */
export function calendarDateIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const ActivitySite = Schema.Struct({
  _id: Schema.String,
  address: Schema.String,
  suburb: Schema.String,
  siteNumber: Schema.String,
  /** Issue 55 §3: the site's zone, whose clock the check-in and SWMS times show on. */
  timeZone: SiteTimeZoneSchema,
  companyName: Schema.String,
  /** Whether an active supervisor reviews the site's SWMS beside the company admin. */
  hasSupervisor: Schema.Boolean,
});

/** GET profile/trades/{id}/activity (the tradesperson themself): recent check-ins and own SWMS. */
export const TradesActivity = Schema.Struct({
  checkIns: Schema.Array(
    Schema.Struct({
      _id: Schema.String,
      site: ActivitySite,
      checkedInAt: Schema.String,
      checkedOutAt: Schema.NullOr(Schema.String),
      checkoutKind: Schema.NullOr(CheckoutKindSchema),
    }),
  ),
  swms: Schema.Array(
    Schema.Struct({
      _id: Schema.String,
      createdAt: Schema.String,
      /** Issue 57: the latest revision's number and when it was sent (createdAt for revision 1). */
      revision: Schema.Number,
      revisedAt: Schema.String,
      site: ActivitySite,
      taskDescription: Schema.String,
      companyAdminStatus: ReviewStatusSchema,
      supervisorStatus: ReviewStatusSchema,
      /** Issue 57: while either flag has Changes requested, the latest review comment and the part it names. */
      changesRequested: Schema.NullOr(Schema.Struct({ comment: Schema.String, part: Schema.NullOr(SwmsCommentPartSchema) })),
    }),
  ),
});
export type TradesActivity = typeof TradesActivity.Type;
