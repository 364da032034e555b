import { siteActivityMessages } from '../../src/domain/check-in';
import { badRequest } from '../http/errors';

export interface CursorPosition {
  /** created_at to the microsecond, UTC ISO text. */
  readonly at: string;
  readonly id: string;
}

const shape = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** An opaque cursor: base64url of the last row's (created_at, id). */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  const match = cursor.length <= 200 ? shape.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  const at = match?.[1];
  const id = match?.[2];
  if (!at || !id || !isRealInstant(at)) throw badRequest(siteActivityMessages.cursor);
  return { at, id };
}

/** Refuses dates such as 30 February that the pattern lets through. */
function isRealInstant(at: string): boolean {
  const parsed = new Date(at);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 23) === at.slice(0, 23);
}
