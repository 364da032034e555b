import type { Kysely } from 'kysely';
import { siteSignOnPath } from '../../src/domain/swms-signon';
import type { Database } from '../db/tables';
import { findStaleSigners } from '../swms/signons-repository';
import type { MailQueue } from './mail-queue';
import { signOnStaleEmail } from './signon-stale-email';

export interface RevisedSwms {
  readonly swmsId: string;
  readonly revision: number;
  readonly authorId: string;
}

/**
 * Issue 57 §3: a new revision makes earlier sign-ons stale. Each worker whose latest sign-on to the SWMS is to an earlier
 * revision is emailed, in the revision's own transaction, a link to the site's SWMS to sign on the phone. Answers how
 * many were queued; call the queue's `wake` after the transaction commits.
 */
export async function queueSignOnStaleEmails(trx: Kysely<Database>, queue: Pick<MailQueue, 'enqueue'>, publicUrl: string, revised: RevisedSwms): Promise<number> {
  const workers = await findStaleSigners(trx, revised.swmsId, revised.revision, revised.authorId);
  if (workers.length === 0) return 0;
  const swms = await trx
    .selectFrom('swms as s')
    .innerJoin('project_sites as p', 'p.id', 's.site_id')
    .select(['s.site_id', 's.task_description', 'p.address', 'p.suburb'])
    .where('s.id', '=', revised.swmsId)
    .executeTakeFirstOrThrow();
  const siteAddress = [swms.address, swms.suburb].filter((part) => part.trim() !== '').join(', ');
  for (const worker of workers) {
    const mail = signOnStaleEmail({
      to: worker.email,
      firstName: worker.first_name,
      taskDescription: swms.task_description,
      siteAddress,
      revision: revised.revision,
      link: `${publicUrl}${siteSignOnPath(swms.site_id)}`,
    });
    await queue.enqueue(trx, mail, { kind: 'signon_stale' });
  }
  return workers.length;
}
