import type { FastifyBaseLogger } from 'fastify';
import type { AuditVerification } from '../../src/domain/audit';
import type { Db } from '../db/database';
import { verifyAuditChains } from './verify';

/** A stored walk older than this is walked again, in the background, when someone looks. */
const freshForMs = 5 * 60_000;
const running = new Set<string>();

async function walkAndStore(db: Db, chain: string): Promise<void> {
  const { chains, broken } = await verifyAuditChains(db, chain);
  const head = chains[0];
  const row = {
    verified_at: new Date(),
    events: head?.events ?? 0,
    head_hash: head?.headHash ?? '',
    broken_event_id: broken?.eventId ?? null,
    broken_reason: broken?.reason ?? null,
  };
  await db
    .insertInto('audit_verifications')
    .values({ chain, ...row })
    .onConflict((conflict) => conflict.column('chain').doUpdateSet(row))
    .execute();
}

/**
 * The latest stored walk of the company's chain, and how many events came after it. A walk that is
 * old, or that the chain has outgrown, starts a new one in the background (one per company in this
 * process), so the page never waits on a long chain and its next look finds the chain as it lists it.
 */
export async function latestVerification(db: Db, companyId: string, log: FastifyBaseLogger | undefined): Promise<AuditVerification> {
  const [row, head] = await Promise.all([
    db.selectFrom('audit_verifications').selectAll().where('chain', '=', companyId).executeTakeFirst(),
    db.selectFrom('audit_chain_heads').select('seq').where('chain', '=', companyId).executeTakeFirst(),
  ]);
  // A broken walk stops at the break, so only a whole one counts what came after it.
  const eventsSince = row && !row.broken_event_id ? Math.max(0, Number(head?.seq ?? 0) - Number(row.events)) : 0;
  const stale = !row || eventsSince > 0 || Date.now() - new Date(row.verified_at).getTime() > freshForMs;
  if (stale && log && !running.has(companyId)) {
    running.add(companyId);
    void walkAndStore(db, companyId)
      .catch((error: unknown) => log.warn({ err: error, companyId }, 'the audit chain could not be verified'))
      .finally(() => running.delete(companyId));
  }
  if (!row) return { status: 'never', events: 0, eventsSince: 0, headHash: null, verifiedAt: null, brokenEventId: null, reason: null };
  return {
    status: row.broken_event_id ? 'broken' : 'verified',
    events: Number(row.events),
    eventsSince,
    headHash: row.head_hash || null,
    verifiedAt: new Date(row.verified_at).toISOString(),
    brokenEventId: row.broken_event_id,
    reason: row.broken_reason,
  };
}
