/**
 * Issue 11: the lists page by cursor. Where a list is in the address it keeps the cursor that opened
 * the page beside the page number, so a reload or a shared link reads the same page as fast.
 */
export interface PageCursor {
  readonly after: string | null;
  readonly before: string | null;
}

export const noCursor: PageCursor = { after: null, before: null };

/** The longest cursor the address may carry; anything longer is dropped and the page number used. */
const maxCursorLength = 2000;

export function readPageCursor(params: URLSearchParams): PageCursor {
  const valid = (value: string | null) => (value !== null && value.length > 0 && value.length <= maxCursorLength ? value : null);
  const after = valid(params.get('after'));
  return after !== null ? { after, before: null } : { after: null, before: valid(params.get('before')) };
}

export function writePageCursor(params: URLSearchParams, cursor: PageCursor): void {
  if (cursor.after) params.set('after', cursor.after);
  else if (cursor.before) params.set('before', cursor.before);
}

/**
 * The cursor that opens page `to` from page `from` of `list`: the next or previous page goes by
 * cursor; the first page, or any other jump, by its number.
 */
export function cursorTo(from: number, to: number, list: { readonly nextCursor: string | null; readonly previousCursor: string | null }): PageCursor {
  if (to === from + 1 && list.nextCursor) return { after: list.nextCursor, before: null };
  if (to === from - 1 && to > 1 && list.previousCursor) return { after: null, before: list.previousCursor };
  return noCursor;
}
