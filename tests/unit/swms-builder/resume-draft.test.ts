import { describe, expect, test } from 'vitest';
import type { OutboxItem } from '../../../machines/swms-outbox.machine';
import { resumedDraft } from '../../../src/features/swms-builder/resume-draft';
import { emptySwmsDraft } from '../../../src/domain/swms-submission';

const blank = emptySwmsDraft('site-1', '6f1c1b6e-8a3b-4b8e-9a59-4b0f2a7e6c11');
const refused: OutboxItem = {
  submissionId: 'a1c1b6e0-8a3b-4b8e-9a59-4b0f2a7e6c11',
  siteId: 'site-1',
  draft: { ...emptySwmsDraft('site-1', 'a1c1b6e0-8a3b-4b8e-9a59-4b0f2a7e6c11'), task: { ...blank.task, taskDescription: 'Refused one' } },
  pendingPhotos: {},
  queuedAt: '2026-03-01T00:00:00.000Z',
  status: 'refused',
  message: 'Check in at this site before submitting a SWMS for it',
};

describe('reopening a refused SWMS from the outbox', () => {
  test('becomes the draft at the review step when the site has no draft, or an empty one', () => {
    expect(resumedDraft(null, refused, 'site-1')).toEqual({ draft: refused.draft, step: 'review', photos: {} });
    expect(resumedDraft({ draft: blank, step: 'task', photos: {} }, refused, 'site-1')?.draft).toBe(refused.draft);
  });

  test('never overwrites another draft with content for the site', () => {
    const other = { draft: { ...blank, task: { ...blank.task, taskDescription: 'Another' } }, step: 'task' as const, photos: {} };
    expect(resumedDraft(other, refused, 'site-1')).toBeNull();
  });

  test('is ignored for another site or when nothing was refused', () => {
    expect(resumedDraft(null, refused, 'site-2')).toBeNull();
    expect(resumedDraft(null, null, 'site-1')).toBeNull();
  });
});
