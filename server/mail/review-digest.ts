import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { reviewFlagFor, reviewStatusOf } from '../../src/domain/swms';
import type { Role } from '../../src/domain/roles';
import type { Db } from '../db/database';
import { reviewDigestEmail, type DigestSwms } from './review-digest-email';
import { inTransaction } from '../db/transaction';

type App = Pick<FastifyInstance, 'db' | 'mailQueue' | 'config' | 'log'>;

/** Issue 10: at most one digest per person per hour. */
const digestGapMs = 60 * 60 * 1000;

/** People (or the one named) with unsent digest items and no digest sent to them in the hour before `now`. */
async function dueRecipients(db: Db, now: Date, only?: string): Promise<string[]> {
  const since = new Date(now.getTime() - digestGapMs);
  let query = db
    .selectFrom('review_digest_items as i')
    .select('i.recipient_user_id')
    .distinct()
    .where('i.sent_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('review_digest_items as r')
            .select('r.id')
            .whereRef('r.recipient_user_id', '=', 'i.recipient_user_id')
            .where('r.sent_at', '>', since),
        ),
      ),
    );
  if (only !== undefined) query = query.where('i.recipient_user_id', '=', only);
  const rows = await query.execute();
  return rows.map((row) => row.recipient_user_id);
}

function unsentItems(db: Db, recipient: string) {
  return db
    .selectFrom('review_digest_items as i')
    .innerJoin('swms as s', 's.id', 'i.swms_id')
    .innerJoin('project_sites as p', 'p.id', 's.site_id')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .innerJoin('users as u', 'u.id', 's.created_by')
    .select([
      'i.id',
      'i.swms_id',
      'i.company_id',
      'c.name as company_name',
      'c.deleted_at',
      's.created_at',
      's.revision',
      // Issue 57: when the latest revision was sent, and whether a reviewer had asked for changes to the one before.
      (eb) =>
        eb
          .selectFrom('swms_revisions as r')
          .select('r.created_at')
          .whereRef('r.swms_id', '=', 's.id')
          .whereRef('r.revision', '=', 's.revision')
          .as('revised_at'),
      (eb) =>
        eb
          .exists(eb.selectFrom('swms_comments as k').select('k.id').whereRef('k.swms_id', '=', 's.id').where(sql<boolean>`k.revision = s.revision - 1`))
          .as('answers_changes'),
      's.company_admin_reviewed_at',
      's.supervisor_reviewed_at',
      's.company_admin_changes_requested_at',
      's.supervisor_changes_requested_at',
      'p.address',
      'p.suburb',
      'p.postcode',
      'p.site_number',
      'p.time_zone',
      'u.first_name',
      'u.surname',
      'u.email',
    ])
    .where('i.recipient_user_id', '=', recipient)
    .where('i.sent_at', 'is', null)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .forUpdate('i')
    .execute();
}

type ItemRow = Awaited<ReturnType<typeof unsentItems>>[number];

async function activeRolesByCompany(db: Db, recipient: string): Promise<Map<string, Role[]>> {
  const rows = await db.selectFrom('user_roles').select(['company_id', 'role']).where('user_id', '=', recipient).where('status', '=', 'active').execute();
  const roles = new Map<string, Role[]>();
  for (const row of rows) if (row.company_id !== null) roles.set(row.company_id, [...(roles.get(row.company_id) ?? []), row.role]);
  return roles;
}

/**
 * The item still waits for this person: their company is live and their own flag (spec §4) is For Review; once they
 * asked for changes it waits on the author instead (issue 57).
 */
function stillAwaiting(item: ItemRow, roles: ReadonlyMap<string, Role[]>): boolean {
  if (item.deleted_at !== null) return false;
  const flag = reviewFlagFor(roles.get(item.company_id) ?? []);
  if (flag === 'companyAdmin') return reviewStatusOf(item.company_admin_reviewed_at, item.company_admin_changes_requested_at) === 'forReview';
  if (flag === 'supervisor') return reviewStatusOf(item.supervisor_reviewed_at, item.supervisor_changes_requested_at) === 'forReview';
  return false;
}

/** Issue 57: who else asked for changes on a SWMS still waiting for this person's own review, if anyone did. */
function otherFlagRequestedChanges(item: ItemRow, roles: ReadonlyMap<string, Role[]>): DigestSwms['changesRequestedBy'] {
  const flag = reviewFlagFor(roles.get(item.company_id) ?? []);
  if (flag === 'companyAdmin' && item.supervisor_changes_requested_at !== null) return 'supervisor';
  if (flag === 'supervisor' && item.company_admin_changes_requested_at !== null) return 'companyAdmin';
  return null;
}

/**
 * Claims the recipient's unsent items, in one transaction under a per-recipient lock, so that of
 * several instances one alone queues their digest: the items waiting are marked sent at `now`, and
 * those reviewed meanwhile (or no longer theirs to review) leave without counting as a digest sent.
 * The digest is queued in the same transaction (issue 12): the mail queue delivers it, retrying
 * while the mail server is down. Answers whether a digest was queued.
 */
async function queueDigest(app: App, recipient: string, now: Date): Promise<boolean> {
  return inTransaction(app.db, async (trx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${`review digest ${recipient}`})) AS locked`.execute(trx);
    if (!lock.rows[0]?.locked) return false;
    if ((await dueRecipients(trx, now, recipient)).length === 0) return false;
    const user = await trx.selectFrom('users').select(['email', 'first_name']).where('id', '=', recipient).executeTakeFirst();
    const items = await unsentItems(trx, recipient);
    const roles = await activeRolesByCompany(trx, recipient);
    const waiting = user ? items.filter((item) => stillAwaiting(item, roles)) : [];
    const dropped = items.filter((item) => !waiting.includes(item));
    if (dropped.length > 0) await trx.deleteFrom('review_digest_items').where('id', 'in', dropped.map((item) => item.id)).execute();
    if (!user || waiting.length === 0) return false;
    await trx.updateTable('review_digest_items').set({ sent_at: now }).where('id', 'in', waiting.map((item) => item.id)).execute();
    const mail = reviewDigestEmail({
      to: user.email,
      firstName: user.first_name,
      publicUrl: app.config.publicUrl,
      items: waiting.map(
        (item): DigestSwms => ({
          swmsId: item.swms_id,
          companyId: item.company_id,
          companyName: item.company_name,
          submitter: `${item.first_name} ${item.surname}`.trim() || item.email,
          address: item.address,
          suburb: item.suburb,
          postcode: item.postcode,
          siteNumber: item.site_number,
          timeZone: item.time_zone,
          submittedAt: new Date(item.created_at),
          revision: item.revision,
          revisedAt: item.revised_at === null ? null : new Date(item.revised_at),
          answersChanges: Boolean(item.answers_changes),
          changesRequestedBy: otherFlagRequestedChanges(item, roles),
        }),
      ),
    });
    await app.mailQueue.enqueue(trx, mail, { kind: 'review_digest' });
    return true;
  });
}

/**
 * Issue 10 review digest: every person with SWMS awaiting their review and no digest in the hour
 * before `now` gets one email listing them all. Answers how many emails were queued.
 */
export async function sendDueDigests(app: App, now: Date = new Date()): Promise<number> {
  let queued = 0;
  for (const recipient of await dueRecipients(app.db, now)) {
    if (await queueDigest(app, recipient, now)) queued += 1;
  }
  if (queued > 0) app.mailQueue.wake();
  return queued;
}
