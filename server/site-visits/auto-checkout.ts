import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteVisitAuditActions } from '../../src/domain/site-visit';
import { calendarDateIn } from '../../src/domain/trades';
import type { Db } from '../db/database';
import { repeating, type RepeatingJob } from '../jobs/repeating';
import { recordSiteVisitEvents } from './audit';
import { midnightAfter } from './midnight';
import { closeCheckIns, findOpenCheckIns, type OpenCheckIn } from './repository';
import { inTransaction } from '../db/transaction';

const passEveryMs = 60_000;

/** Begun on an earlier calendar day of its site than `now`: it ended at midnight, site time. */
export function isStale(row: Pick<OpenCheckIn, 'time_zone' | 'created_at'>, now: Date): boolean {
  const timeZone = row.time_zone;
  return calendarDateIn(timeZone, new Date(row.created_at)) < calendarDateIn(timeZone, now);
}

const personName = (row: Pick<OpenCheckIn, 'first_name' | 'surname' | 'email'>) => `${row.first_name} ${row.surname}`.trim() || row.email;

/**
 * Issue 10 §2: every check-in still open from an earlier calendar day of its site ends at the
 * midnight, site time, that followed it, marked automatic and recorded; answers the companies
 * whose on-site lists changed. `requestId`: the request that found them (a check-in or check-out), null for the timer.
 */
export async function closeStaleCheckIns(db: Db, now: Date, filter: { readonly userId?: string } = {}, requestId: string | null = null): Promise<string[]> {
  const open = await findOpenCheckIns(db, { ...filter, lockForClosing: true });
  const stale = open.filter((row) => isStale(row, now));
  const closed = await closeCheckIns(
    db,
    stale.map((row) => ({ id: row.id, at: midnightAfter(new Date(row.created_at), row.time_zone), kind: 'automatic' as const, by: null })),
  );
  const byId = new Map(stale.map((row) => [row.id, row]));
  await recordSiteVisitEvents(
    db,
    requestId,
    closed.map((row) => ({
      action: siteVisitAuditActions.checkedOutAtMidnight,
      actorUserId: null,
      siteId: row.site_id,
      detail: {
        checkInId: row.id,
        tradesPersonId: row.user_id,
        name: personName(byId.get(row.id) ?? { first_name: '', surname: '', email: '' }),
        checkedInAt: row.created_at.toISOString(),
        checkedOutAt: row.checked_out_at.toISOString(),
        checkoutKind: row.checkout_kind,
      },
    })),
  );
  return [...new Set(closed.map((row) => byId.get(row.id)?.company_id).filter((id): id is string => id !== undefined))];
}

/** One pass of the midnight check-out over every site, in one transaction; `now` is injectable for tests. */
export async function autoCheckoutPass(app: Pick<FastifyInstance, 'db' | 'live'>, now: Date = new Date()): Promise<string[]> {
  const companies = await inTransaction(app.db, (trx) => closeStaleCheckIns(trx, now));
  for (const companyId of companies) await app.live.publish({ companyId, topic: 'onsite' });
  return companies;
}

/** Runs the midnight check-out once at start and then every minute, on every instance (each check-in ends once). */
export const autoCheckoutPlugin = fp(
  async (app) => {
    let job: RepeatingJob | undefined;
    app.addHook('onReady', async () => {
      job = repeating(() => autoCheckoutPass(app), { everyMs: passEveryMs }, (error) =>
        app.log.warn({ err: error }, 'the midnight check-out pass failed; the next one retries'),
      );
      await job.run();
    });
    app.addHook('preClose', async () => {
      await job?.stop();
    });
  },
  { name: 'site-auto-checkout', dependencies: ['db', 'live'] },
);
