import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { exactTimestamp } from './columns';
import type { CursorPosition } from './cursor';

export interface CheckInPageOptions {
  readonly siteId: string;
  readonly after: CursorPosition | null;
  readonly limit: number;
}

/** A project site's check-ins, newest first, from just after the cursor, with how each ended (issue 10). */
export async function listSiteCheckIns(db: Db, options: CheckInPageOptions) {
  let query = db
    .selectFrom('check_ins as ci')
    .innerJoin('users as u', 'u.id', 'ci.user_id')
    .select(['ci.id', 'ci.created_at', 'ci.user_id', 'ci.checked_out_at', 'ci.checkout_kind', 'u.first_name', 'u.surname', 'u.email'])
    .select(exactTimestamp('ci.created_at').as('cursor_at'))
    .where('ci.site_id', '=', options.siteId)
    .orderBy('ci.created_at', 'desc')
    .orderBy('ci.id', 'desc')
    .limit(options.limit);
  if (options.after) {
    query = query.where(sql<SqlBool>`(ci.created_at, ci.id) < (${options.after.at}::timestamptz, ${options.after.id}::uuid)`);
  }
  return query.execute();
}

export async function siteOfCompany(db: Db, companyId: string, siteId: string): Promise<boolean> {
  const site = await db.selectFrom('project_sites').select('id').where('id', '=', siteId).where('company_id', '=', companyId).executeTakeFirst();
  return site !== undefined;
}
