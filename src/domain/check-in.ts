import { Schema } from 'effect';
import { text, textLimits } from './fields';
import { projectSiteMessages } from './project-site';
import { CheckoutKindSchema } from './site-visit';
import { SwmsListItem, wholeNumberText } from './swms';

export const siteActivityMessages = {
  siteNotFound: projectSiteMessages.notFound,
  cursor: 'The cursor is not valid',
  limit: 'The limit must be a whole number from 1 to 50',
} as const;

/** Spec §3 Check-in: who checked in to a site, and when. */
export const CheckIn = Schema.Struct({
  _id: Schema.String,
  userName: Schema.String,
  checkInUser: Schema.Struct({ _id: Schema.String, firstName: Schema.String, surname: Schema.String }),
  createdAt: Schema.String,
  /** Issue 10: when and how the check-in ended; null while the person is still on site. */
  checkedOutAt: Schema.optionalKey(Schema.NullOr(Schema.String)),
  checkoutKind: Schema.optionalKey(Schema.NullOr(CheckoutKindSchema)),
});
export type CheckIn = typeof CheckIn.Type;

const maxActivityLimit = 50;
export const defaultActivityLimit = 10;

/** The site details lists ('Scroll For more'): newest first, `cursor` is the previous page's nextCursor. */
export const SiteActivityQuery = Schema.Struct({
  cursor: Schema.optionalKey(text(textLimits.code, { notText: siteActivityMessages.cursor, tooLong: siteActivityMessages.cursor })),
  limit: Schema.optionalKey(wholeNumberText(1, maxActivityLimit, siteActivityMessages.limit)),
});
export type SiteActivityQuery = typeof SiteActivityQuery.Type;

const cursorPage = <S extends Schema.Top>(item: S) =>
  Schema.Struct({ items: Schema.Array(item), nextCursor: Schema.NullOr(Schema.String) });

export const CheckInPage = cursorPage(CheckIn);
export type CheckInPage = typeof CheckInPage.Type;

/** GET company/{id}/projectSites/{siteId}/swms: the site's SWMS, newest first. */
export const SiteSwmsPage = cursorPage(SwmsListItem);
export type SiteSwmsPage = typeof SiteSwmsPage.Type;
