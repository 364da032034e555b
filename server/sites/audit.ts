import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Actor } from '../audit/request-context';

export type SiteAuditAction = 'site.create' | 'site.update' | 'site.status' | 'file.replaced';

export interface SiteAuditEvent {
  readonly action: SiteAuditAction;
  readonly siteId: string;
  readonly detail: Record<string, unknown>;
}

/** DESIGN.md auditors: who changed which site and how, written in the same transaction as the change. */
export async function recordSiteEvents(db: Db, actor: Actor, events: readonly SiteAuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('audit_events')
    .values(
      events.map((event) => ({
        id: randomUUID(),
        actor_user_id: actor.userId,
        action: event.action,
        entity: 'project_site',
        entity_id: event.siteId,
        detail: JSON.stringify(event.detail),
        request_id: actor.requestId,
      })),
    )
    .execute();
}
