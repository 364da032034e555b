import type { Db } from '../db/database';

export interface TradesViewer {
  readonly userId: string;
  /** The viewer's company when they are its admin or supervisor; otherwise null. */
  readonly companyId: string | null;
}

/**
 * Issue 5 /trades/{id}: a tradesperson is seen by themself, and by the admins and supervisors of a
 * company on whose sites they checked in or for which they submitted a SWMS.
 */
export async function findVisibleTradesPerson(db: Db, viewer: TradesViewer, tradesPersonId: string) {
  const companyId = viewer.companyId;
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.surname',
      'u.phone',
      'u.contact_email',
      'u.emergency_contact_name',
      'u.emergency_contact_phone',
      'u.trade_qualifications',
      'u.whitecard_number',
    ])
    .where('u.id', '=', tradesPersonId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('user_roles as r').select('r.id').whereRef('r.user_id', '=', 'u.id').where('r.role', '=', 'TradesPerson')),
    )
    .where(({ eb, or, exists, selectFrom }) => {
      const self = eb('u.id', '=', viewer.userId);
      if (companyId === null) return self;
      return or([
        self,
        exists(selectFrom('swms as s').select('s.id').whereRef('s.created_by', '=', 'u.id').where('s.company_id', '=', companyId)),
        exists(
          selectFrom('check_ins as ci')
            .innerJoin('project_sites as p', 'p.id', 'ci.site_id')
            .select('ci.id')
            .whereRef('ci.user_id', '=', 'u.id')
            .where('p.company_id', '=', companyId),
        ),
      ]);
    })
    .executeTakeFirst();
}
