import type { StoredDraft } from '../../../machines/swms-builder.machine';
import type { OutboxItem } from '../../../machines/swms-outbox.machine';
import { draftHasContent } from '../../domain/swms-draft';

/**
 * A refused submission reopened from the outbox ('Open this SWMS') becomes the site's draft, at the
 * review step, unless another draft with content is open for the site: that one is never overwritten.
 */
export function resumedDraft(stored: StoredDraft | null, refused: OutboxItem | null, siteId: string): StoredDraft | null {
  if (!refused || refused.siteId !== siteId) return null;
  const otherDraftOpen = stored !== null && stored.draft.submissionId !== refused.submissionId && draftHasContent(stored.draft, stored.photos);
  if (otherDraftOpen) return null;
  return { draft: refused.draft, step: 'review', photos: refused.pendingPhotos };
}
