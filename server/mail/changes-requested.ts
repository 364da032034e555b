import type { Kysely } from 'kysely';
import { tradesHomePath } from '../../src/domain/trades-paths';
import type { ReviewFlag, SwmsCommentPart } from '../../src/domain/swms';
import type { Database } from '../db/tables';
import { changesRequestedEmail } from './changes-requested-email';
import type { MailQueue } from './mail-queue';

const roleNames: Record<ReviewFlag, string> = { companyAdmin: 'Company Admin', supervisor: 'Supervisor' };

export interface ChangesRequest {
  readonly swmsId: string;
  readonly reviewerUserId: string;
  readonly flag: ReviewFlag;
  readonly comment: string;
  readonly part: SwmsCommentPart | null;
}

/**
 * Issue 57: the author's email about a request for changes, queued in the request's own transaction so the request is
 * never saved without it. Answers the delivery's id; call the queue's `wake` after the transaction commits.
 */
export async function queueChangesRequestedEmail(trx: Kysely<Database>, queue: Pick<MailQueue, 'enqueue'>, publicUrl: string, request: ChangesRequest): Promise<string> {
  const swms = await trx
    .selectFrom('swms as s')
    .innerJoin('users as a', 'a.id', 's.created_by')
    .innerJoin('project_sites as p', 'p.id', 's.site_id')
    .select(['a.id as author_id', 'a.email', 'a.first_name', 's.task_description', 'p.address', 'p.suburb'])
    .where('s.id', '=', request.swmsId)
    .executeTakeFirstOrThrow();
  const reviewer = await trx.selectFrom('users').select(['first_name', 'surname', 'email']).where('id', '=', request.reviewerUserId).executeTakeFirstOrThrow();
  const mail = changesRequestedEmail({
    to: swms.email,
    firstName: swms.first_name,
    reviewerName: `${reviewer.first_name} ${reviewer.surname}`.trim() || reviewer.email,
    reviewerRole: roleNames[request.flag],
    taskDescription: swms.task_description,
    siteAddress: [swms.address, swms.suburb].filter((part) => part.trim() !== '').join(', '),
    comment: request.comment,
    part: request.part,
    link: `${publicUrl}${tradesHomePath(swms.author_id)}`,
  });
  return queue.enqueue(trx, mail, { kind: 'changes_requested' });
}
