import { useId, useState } from 'react';
import type { AuditEvent } from '../../domain/audit';
import { auditSentence, shortHash } from '../../domain/audit-sentence';
import { Button } from '../../ui/button';
import { auditText } from './strings';

type Change = { readonly from: unknown; readonly to: unknown };

const isChange = (value: unknown): value is Change => typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The detail's changed fields as before/after rows; anything else as its own row. */
function changeRows(detail: unknown): { field: string; before: string; after: string }[] {
  if (typeof detail !== 'object' || detail === null) return [];
  const nested = (detail as { changes?: unknown }).changes;
  if (typeof nested === 'object' && nested !== null) return changeRows(nested);
  if (isChange(detail)) return [{ field: 'status', before: shown(detail.from), after: shown(detail.to) }];
  return Object.entries(detail as Record<string, unknown>).map(([field, value]) =>
    isChange(value) ? { field, before: shown(value.from), after: shown(value.to) } : { field, before: '', after: shown(value) },
  );
}

export function AuditEventItem({ event }: { readonly event: AuditEvent }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const rows = changeRows(event.detail);
  return (
    <li className="audit-event" data-action={event.action}>
      <div className="audit-event-line">
        <span className="audit-event-seq" aria-label={`Event ${event.seq}`}>
          #{event.seq}
        </span>
        <p className="audit-event-sentence">{auditSentence(event)}</p>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((value) => !value)}>
          {open ? auditText.hideDetails : auditText.details}
        </Button>
      </div>
      {open ? (
        <div id={detailsId} className="audit-event-details">
          {rows.length > 0 ? (
            <table className="audit-changes">
              <caption className="visually-hidden">{auditText.changes}</caption>
              <thead>
                <tr>
                  <th scope="col">{auditText.changes}</th>
                  <th scope="col">{auditText.before}</th>
                  <th scope="col">{auditText.after}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.field}>
                    <th scope="row">{row.field}</th>
                    <td>{row.before}</td>
                    <td>{row.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <dl className="audit-event-meta">
            <dt>{auditText.hash}</dt>
            <dd>
              <code title={event.hash}>{shortHash(event.hash)}</code>
            </dd>
            {event.requestId ? (
              <>
                <dt>{auditText.request}</dt>
                <dd>
                  <code>{event.requestId}</code>
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : null}
    </li>
  );
}
