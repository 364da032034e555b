import { sql, type SqlBool } from 'kysely';
import type { AuditEvent, AuditQuery } from '../../src/domain/audit';
import type { Db } from '../db/database';

const defaultAuditLimit = 50;

interface Row {
  id: string;
  seq: number;
  created_at: Date;
  actor_user_id: string | null;
  actor_role: string | null;
  first_name: string | null;
  surname: string | null;
  email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  target_label: string | null;
  detail: unknown;
  request_id: string | null;
  hash: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * An event the search finds: its action, target label or detail holds the term (the lower-cased text each event keeps,
 * migration 033), or its actor's name or email does (the actors found once, a hashed lookup per event). The text is
 * kept because turning each event's detail into text was most of a search's time.
 */
const matchesAuditSearch = (search: string) => {
  const pattern = `%${escapeLike(search)}%`;
  return sql<SqlBool>`(strpos(e.search_text, lower(${search})) > 0
    OR e.actor_user_id IN (SELECT id FROM users WHERE concat_ws(' ', first_name, surname, email) ILIKE ${pattern}))`;
};

/**
 * One company's audit events, newest first, a page at a time: the company's chain read backwards
 * from `cursor` (a chain position), so a page costs the same at any depth.
 */
export async function searchAuditEvents(db: Db, companyId: string, query: AuditQuery, limit = query.limit ?? defaultAuditLimit): Promise<Row[]> {
  let select = db
    .selectFrom('audit_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .select([
      'e.id', 'e.seq', 'e.created_at', 'e.actor_user_id', 'e.actor_role', 'u.first_name', 'u.surname', 'u.email', 'e.action',
      'e.entity', 'e.entity_id', 'e.target_label', 'e.detail', 'e.request_id', 'e.hash',
    ])
    .where('e.chain', '=', companyId);
  if (query.cursor !== undefined) select = select.where('e.seq', '<', query.cursor as never);
  if (query.actor) select = select.where('e.actor_user_id', '=', query.actor);
  if (query.action) select = select.where('e.action', '=', query.action);
  if (query.targetType) select = select.where('e.entity', '=', query.targetType);
  if (query.targetId) select = select.where('e.entity_id', '=', query.targetId);
  if (query.from) select = select.where('e.created_at', '>=', new Date(query.from));
  if (query.to) select = select.where('e.created_at', '<=', new Date(query.to));
  const search = query.search?.trim();
  if (search) select = select.where(matchesAuditSearch(search));
  const rows = await select.orderBy('e.seq', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** A SWMS's own history is short: two flags set and returned a few times at most. */
const swmsHistoryLimit = 200;

/** The SWMS's own audit events, oldest first (its History panel, its PDF). */
export async function swmsHistory(db: Db, companyId: string, swmsId: string): Promise<AuditEvent[]> {
  const rows = await searchAuditEvents(db, companyId, { targetType: 'swms', targetId: swmsId }, swmsHistoryLimit);
  return rows.reverse().map(auditEventView);
}

export function auditEventView(row: Row): AuditEvent {
  const name = [row.first_name, row.surname].filter((part) => part && part.trim()).join(' ') || row.email || '';
  return {
    _id: row.id,
    seq: row.seq,
    at: new Date(row.created_at).toISOString(),
    actor: row.actor_user_id ? { _id: row.actor_user_id, name, email: row.email ?? '', role: row.actor_role } : null,
    action: row.action,
    target: { type: row.entity, _id: row.entity_id, label: row.target_label },
    detail: row.detail,
    requestId: row.request_id,
    hash: row.hash,
  };
}

const csvColumns = ['seq', 'at', 'actor', 'actor_email', 'actor_role', 'action', 'target_type', 'target_id', 'target_label', 'detail', 'request_id', 'hash'];

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const auditCsvHeader = `${csvColumns.join(',')}\r\n`;

export function auditCsvLine(event: AuditEvent): string {
  return `${[
    event.seq, event.at, event.actor?.name, event.actor?.email, event.actor?.role, event.action, event.target.type, event.target._id,
    event.target.label, event.detail, event.requestId, event.hash,
  ]
    .map(cell)
    .join(',')}\r\n`;
}
