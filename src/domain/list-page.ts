import { Schema } from 'effect';
import { text, textLimits } from './fields';

/**
 * Issue 11: the SWMS, project-site and client lists page by cursor. A list answers its page's
 * cursors; 'Next page' sends `after`, 'Previous page' sends `before`, with the page number the
 * user will see. A page number without a cursor (a typed or old link) still opens that page.
 */
export const listMessages = {
  cursor: 'This page link is not valid. Open the list from its first page.',
} as const;

const CursorText = text(textLimits.code, { notText: listMessages.cursor, tooLong: listMessages.cursor });

/** The query fields every cursor-paged list accepts. */
export const pageCursorFields = {
  after: Schema.optionalKey(CursorText),
  before: Schema.optionalKey(CursorText),
};

/** The fields every cursor-paged list answers. */
export const pageCursorResult = {
  nextCursor: Schema.NullOr(Schema.String),
  previousCursor: Schema.NullOr(Schema.String),
};
