import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import { swmsVisits } from '../../../src/features/workflows/swms-visits';

const event = (action: string, flag: string): AuditEvent => ({
  _id: `${action}-${flag}`,
  seq: 1,
  at: '2026-11-21T03:05:00.000Z',
  actor: null,
  action,
  target: { type: 'swms', _id: 's1', label: null },
  detail: { flag },
  requestId: null,
  hash: '0'.repeat(64),
});

describe('swmsVisits', () => {
  it('numbers the dual-review states a SWMS passed through, in order, from its audit events', () => {
    const visits = swmsVisits('swmsReview', [
      event('swms.reviewed', 'supervisor'),
      event('swms.reviewed', 'companyAdmin'),
      event('swms.returnedForReview', 'companyAdmin'),
      event('site.status', 'companyAdmin'),
    ]);
    expect(Object.fromEntries(visits)).toEqual({
      'swmsReview.companyAdmin.forReview': [1, 4],
      'swmsReview.supervisor.forReview': [1],
      'swmsReview.supervisor.reviewed': [2],
      'swmsReview.companyAdmin.reviewed': [3],
    });
  });

  it('a new revision (issue 57) puts both flags back to For Review in the same step', () => {
    const visits = swmsVisits('swmsReview', [
      event('swms.changesRequested', 'supervisor'),
      { ...event('swms.revised', ''), detail: { revision: 2 } },
      event('swms.reviewed', 'companyAdmin'),
    ]);
    expect(Object.fromEntries(visits)).toEqual({
      'swmsReview.companyAdmin.forReview': [1, 3],
      'swmsReview.supervisor.forReview': [1, 3],
      'swmsReview.supervisor.changesRequested': [2],
      'swmsReview.companyAdmin.reviewed': [4],
    });
  });
});
