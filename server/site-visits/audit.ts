import { randomUUID } from 'node:crypto';
import { siteVisitAuditActions } from '../../src/domain/site-visit';
import type { Actor } from '../audit/request-context';
import type { Db } from '../db/database';

type SiteVisitAction = (typeof siteVisitAuditActions)[keyof typeof siteVisitAuditActions];

export interface SiteVisitEvent {
  readonly action: Exclude<SiteVisitAction, 'trades.registered'>;
  /** Null when the system acted (the midnight check-out). */
  readonly actorUserId: string | null;
  readonly siteId: string;
  readonly detail: Record<string, unknown>;
}

/**
 * Gate events are events of the site, so they join the site's company chain and its audit page
 * (the database fills in the company and the site's label from the site id).
 */
export async function recordSiteVisitEvents(db: Db, requestId: string | null, events: readonly SiteVisitEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('audit_events')
    .values(
      events.map((event) => ({
        id: randomUUID(),
        actor_user_id: event.actorUserId,
        action: event.action,
        entity: 'project_site',
        entity_id: event.siteId,
        detail: JSON.stringify(event.detail),
        request_id: requestId,
      })),
    )
    .execute();
}

/**
 * A tradesperson is a platform-level user, not a member of the site's company (DESIGN.md), so the
 * new role is a platform event; the site it happened at is named in the detail.
 */
export async function recordTradesRegistered(db: Db, actor: Actor, siteId: string): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      actor_user_id: actor.userId,
      action: siteVisitAuditActions.registered,
      entity: 'user',
      entity_id: actor.userId,
      detail: JSON.stringify({ role: 'TradesPerson', siteId }),
      request_id: actor.requestId,
    })
    .execute();
}
