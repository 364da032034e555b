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
  it('names the clock when told one, as a PDF with no viewer is (issue 55 §3)', () => {
    expect(auditSentence(event({ at: '2026-11-21T03:05:00.000Z' }), 'Australia/Sydney')).toBe(
      'Priya Sharma (Supervisor) marked SWMS HB-1047 / Rope access as Reviewed, 21 Nov 2026 14:05 AEDT',
    );
  });

  it('says which revision of a SWMS its author sent, and that it is back to For Review (issue 57)', () => {
    const author = { _id: 'u2', name: 'Ben Hughes', email: 'ben@example.com', role: 'TradesPerson' };
    expect(auditSentence(event({ actor: author, action: 'swms.revised', detail: { revision: 2, previousRevision: 1 } }))).toBe(
      'Ben Hughes (Trades Person) sent revision 2 of SWMS HB-1047 / Rope access: both reviews are back to For Review, 21 Nov 2026 14:05',
    );
  });

  it('reads as who did what to which record, and when', () => {
    expect(auditSentence(event({}))).toBe('Priya Sharma (Supervisor) marked SWMS HB-1047 / Rope access as Reviewed, 21 Nov 2026 14:05');
  });

  it('names the new status of a site and says the system acted when nobody did', () => {
    expect(auditSentence(event({ action: 'site.status', target: { type: 'project_site', _id: 'p', label: 'HB-12 1 George St, Sydney' }, detail: { from: 'ongoing', to: 'on_hold' } }))).toBe(
      'Priya Sharma (Supervisor) set site HB-12 1 George St, Sydney to On Hold, 21 Nov 2026 14:05',
    );
    expect(auditSentence(event({ actor: null, action: 'demo.seeded' }))).toBe('The system loaded the demo data, 21 Nov 2026 14:05');
  });

  it('tells what happened at the site gate, naming why a check-in was refused and who was checked out', () => {
    const site = { type: 'project_site', _id: 'p', label: 'HB-12 1 George St, Sydney' };
    const tradie = { _id: 'u2', name: 'Ben Hughes', email: 'ben@example.com', role: 'TradesPerson' };
    expect(auditSentence(event({ actor: tradie, action: 'checkIn.refused', target: site, detail: { problems: ['Add your white card number to your profile before checking in'] } }))).toBe(
      'Ben Hughes (Trades Person) was refused check-in at site HB-12 1 George St, Sydney: Add your white card number to your profile before checking in, 21 Nov 2026 14:05',
    );
    expect(auditSentence(event({ action: 'checkIn.closedByHand', target: site, detail: { name: 'Ben Hughes' } }))).toBe(
      'Priya Sharma (Supervisor) checked Ben Hughes out of site HB-12 1 George St, Sydney by hand, 21 Nov 2026 14:05',
    );
    expect(auditSentence(event({ actor: null, action: 'checkIn.closedAtMidnight', target: site, detail: { name: 'Ben Hughes' } }))).toBe(
      'The system checked Ben Hughes out of site HB-12 1 George St, Sydney at midnight site time, 21 Nov 2026 14:05',
    );
  });

  it('names the revision a worker signed on to (issue 57 §3)', () => {
    const tradie = { _id: 'u2', name: 'Ben Hughes', email: 'ben@example.com', role: 'TradesPerson' };
    expect(auditSentence(event({ actor: tradie, action: 'swms.signedOn', target: { type: 'swms_signon', _id: 'g1', label: 'HB-1047 / Rope access' }, detail: { revision: 2 } }))).toBe(
      'Ben Hughes (Trades Person) signed on to revision 2 of SWMS HB-1047 / Rope access, 21 Nov 2026 14:05',
    );
  });

  it('shortens a hash to its first and last four characters', () => {
    expect(shortHash('3f9a0000000000000000c21e')).toBe('3f9a…c21e');
  });
});
