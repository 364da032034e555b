import type { FastifyInstance } from 'fastify';
import { siteActivityMessages, type CheckInPage, type SiteActivityQuery, type SiteSwmsPage, defaultActivityLimit } from '../../src/domain/check-in';
import { notFound } from '../http/errors';
import type { Reviewer } from './access';
import { listSiteCheckIns, siteOfCompany } from './check-ins';
import { decodeCursor, encodeCursor, type CursorPosition } from './cursor';
import { listSiteSwms } from './repository';
import type { ListOfJsonText } from '../http/json-text';

type App = Pick<FastifyInstance, 'db'>;

interface Page<Row> {
  readonly rows: readonly Row[];
  readonly nextCursor: string | null;
}

/** Reads one row more than asked to learn whether another page follows. */
async function cursorPage<Row extends { id: string; cursor_at: string }>(
  query: SiteActivityQuery,
  read: (after: CursorPosition | null, limit: number) => Promise<Row[]>,
): Promise<Page<Row>> {
  const limit = query.limit ?? defaultActivityLimit;
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const rows = await read(after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null };
}

async function requireSite(app: App, reviewer: Reviewer, siteId: string): Promise<void> {
  if (!(await siteOfCompany(app.db, reviewer.companyId, siteId))) throw notFound(siteActivityMessages.siteNotFound);
}

/** Issue 5: the site details' 'SWMS completed' list, newest first, each row as the SWMS list writes it. */
export async function siteSwmsPage(app: App, reviewer: Reviewer, siteId: string, query: SiteActivityQuery): Promise<ListOfJsonText<SiteSwmsPage>> {
  await requireSite(app, reviewer, siteId);
  const { rows, nextCursor } = await cursorPage(query, (after, limit) => listSiteSwms(app.db, { siteId, flag: reviewer.flag, after, limit }));
  return { items: rows.map((row) => row.item), nextCursor };
}

/** Issue 5: the site details' 'latest check-ins' list, newest first. */
export async function siteCheckInPage(app: App, reviewer: Reviewer, siteId: string, query: SiteActivityQuery): Promise<CheckInPage> {
  await requireSite(app, reviewer, siteId);
  const { rows, nextCursor } = await cursorPage(query, (after, limit) => listSiteCheckIns(app.db, { siteId, after, limit }));
  return {
    items: rows.map((row) => ({
      _id: row.id,
      userName: `${row.first_name} ${row.surname}`.trim() || row.email,
      checkInUser: { _id: row.user_id, firstName: row.first_name, surname: row.surname },
      createdAt: new Date(row.created_at).toISOString(),
      checkedOutAt: row.checked_out_at ? new Date(row.checked_out_at).toISOString() : null,
      checkoutKind: row.checkout_kind,
    })),
    nextCursor,
  };
}
