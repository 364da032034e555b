import { photoSlots, type PendingPhotos } from '../../domain/swms-draft';
import type { SwmsDraft } from '../../domain/swms-submission';

/** What IndexedDB gives back is checked before use: an older or damaged record is ignored, never trusted. */
export function isStoredDraftShape(value: unknown): value is SwmsDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  const task = draft.task as Record<string, unknown> | null | undefined;
  return (
    typeof draft.submissionId === 'string' &&
    typeof draft.siteId === 'string' &&
    Array.isArray(draft.highRiskWork) &&
    typeof task === 'object' &&
    task !== null &&
    typeof task.taskDescription === 'string' &&
    Array.isArray(task.ppe)
  );
}

export function isStoredPhotos(value: unknown): value is PendingPhotos {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).every(
    ([slot, photo]) =>
      (photoSlots as readonly string[]).includes(slot) &&
      typeof photo === 'object' &&
      photo !== null &&
      typeof (photo as Record<string, unknown>).friendlyName === 'string' &&
      typeof (photo as Record<string, unknown>).type === 'string' &&
      (photo as Record<string, unknown>).bytes instanceof ArrayBuffer,
  );
}
