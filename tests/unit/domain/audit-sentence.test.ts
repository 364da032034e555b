import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import { auditSentence, shortHash } from '../../../src/domain/audit-sentence';

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  _id: 'e1',
  seq: 7,
  at: new Date(2026, 10, 21, 14, 5).toISOString(),
  actor: { _id: 'u1', name: 'Priya Sharma', email: 'priya@example.com', role: 'CompanySupervisor' },
  action: 'swms.reviewed',
  target: { type: 'swms', _id: 's1', label: 'HB-1047 / Rope access' },
  detail: {},
  requestId: null,
  hash: 'a'.repeat(64),
  ...overrides,
});

describe('auditSentence', () => {
  it('reads as who did what to which record, and when', () => {
    expect(auditSentence(event({}))).toBe('Priya Sharma (Supervisor) marked SWMS HB-1047 / Rope access as Reviewed, 21 Nov 2026 14:05');
  });

  it('names the new status of a site and says the system acted when nobody did', () => {
    expect(auditSentence(event({ action: 'site.status', target: { type: 'project_site', _id: 'p', label: 'HB-12 1 George St, Sydney' }, detail: { from: 'ongoing', to: 'on_hold' } }))).toBe(
      'Priya Sharma (Supervisor) set site HB-12 1 George St, Sydney to On Hold, 21 Nov 2026 14:05',
    );
    expect(auditSentence(event({ actor: null, action: 'demo.seeded' }))).toBe('The system loaded the demo data, 21 Nov 2026 14:05');
  });

  it('shortens a hash to its first and last four characters', () => {
    expect(shortHash('3f9a0000000000000000c21e')).toBe('3f9a…c21e');
  });
});
