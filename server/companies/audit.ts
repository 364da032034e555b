import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Actor } from '../audit/request-context';

export interface AuditEvent {
  readonly actor: Actor;
  readonly action: string;
  readonly entity: string;
  readonly entityId: string;
  readonly detail?: Record<string, unknown>;
}

/** DESIGN.md auditors: who did what to which record, written in the same transaction as the change. */
export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      actor_user_id: event.actor.userId,
      action: event.action,
      entity: event.entity,
      entity_id: event.entityId,
      detail: JSON.stringify(event.detail ?? {}),
      request_id: event.actor.requestId,
    })
    .execute();
}
