import { sql } from 'kysely';
import type { Db } from '../db/database';

const genesisHash = '0'.repeat(64);
const batchSize = 5000;

interface ChainHead {
  readonly chain: string;
  readonly events: number;
  readonly headHash: string;
}

interface Break {
  readonly chain: string;
  readonly eventId: string;
  readonly seq: number;
  readonly reason: string;
}

export interface Verification {
  readonly checked: number;
  readonly chains: readonly ChainHead[];
  readonly broken: Break | null;
}

interface Row {
  id: string;
  chain: string;
  seq: number;
  prev_hash: string;
  hash: string;
  expected: string;
}

async function batchAfter(db: Db, chain: string, afterSeq: number): Promise<Row[]> {
  const result = await sql<Row>`
    SELECT id, chain, seq, prev_hash, hash, audit_event_hash(prev_hash, audit_event_content(e)) AS expected
    FROM audit_events e
    WHERE chain = ${chain} AND seq > ${afterSeq}
    ORDER BY seq
    LIMIT ${batchSize}`.execute(db);
  return result.rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** Walks one chain from its first event, recomputing each hash; the first event that does not fit breaks it. */
async function verifyChain(db: Db, chain: string, head: { seq: number; hash: string } | undefined): Promise<{ head: ChainHead; broken: Break | null }> {
  let previous = { seq: 0, hash: genesisHash, id: '' };
  const broken = (row: Pick<Row, 'id' | 'seq'>, reason: string) => ({ head: { chain, events: previous.seq, headHash: previous.hash }, broken: { chain, eventId: row.id, seq: row.seq, reason } });
  for (;;) {
    const rows = await batchAfter(db, chain, previous.seq);
    for (const row of rows) {
      if (row.seq !== previous.seq + 1) return broken(row, `event ${previous.seq + 1} to ${row.seq - 1} are missing before it`);
      if (row.prev_hash !== previous.hash) return broken(row, 'it does not follow the event before it (an event was removed or inserted out of order)');
      if (row.hash !== row.expected) return broken(row, 'its content was altered after it was written');
      previous = { seq: row.seq, hash: row.hash, id: row.id };
    }
    if (rows.length < batchSize) break;
  }
  if (head && (head.seq !== previous.seq || head.hash !== previous.hash)) {
    return broken({ id: previous.id, seq: previous.seq }, `the chain ends at event ${previous.seq} but its head says ${head.seq}: events were removed from its end`);
  }
  return { head: { chain, events: previous.seq, headHash: previous.hash }, broken: null };
}

/** Issue 9: proves the audit chains (every chain, or one company's) are whole and unaltered. */
export async function verifyAuditChains(db: Db, companyId?: string): Promise<Verification> {
  const heads = await db.selectFrom('audit_chain_heads').select(['chain', 'seq', 'hash']).execute();
  const known = new Map(heads.map((head) => [head.chain, { seq: Number(head.seq), hash: head.hash }]));
  const stored = await db.selectFrom('audit_events').select('chain').distinct().execute();
  const chains = [...new Set([...known.keys(), ...stored.map((row) => row.chain)])]
    .filter((chain) => companyId === undefined || chain === companyId)
    .sort();
  const verified: ChainHead[] = [];
  let checked = 0;
  for (const chain of chains) {
    const { head, broken } = await verifyChain(db, chain, known.get(chain));
    checked += head.events + (broken ? 1 : 0);
    verified.push(head);
    if (broken) return { checked, chains: verified, broken };
  }
  return { checked, chains: verified, broken: null };
}
