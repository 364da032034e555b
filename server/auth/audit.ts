import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';

export interface AuthEvent {
  readonly action: 'auth.signIn' | 'auth.signOut' | 'auth.superUserAdded' | 'auth.refreshReuse';
  readonly userId: string;
  /** Who acted; the user themself unless an operator did it (null). */
  readonly actorUserId?: string | null;
  readonly detail?: Record<string, unknown>;
  /** The request it happened in (null from the CLI). */
  readonly requestId: string | null;
}

export async function recordAuthEvent(db: Db, event: AuthEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      actor_user_id: event.actorUserId === undefined ? event.userId : event.actorUserId,
      action: event.action,
      entity: 'user',
      entity_id: event.userId,
      detail: JSON.stringify(event.detail ?? {}),
      request_id: event.requestId,
    })
    .execute();
}
