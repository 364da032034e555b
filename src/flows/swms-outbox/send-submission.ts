import type { SentSwms, SubmitInput } from '../../../machines/swms-builder.machine';
import { reviseSwms } from '../../api/revise-swms';
import { submitSwms } from '../../api/submit-swms';
import { photoSlots, withPhoto, type PendingPhotos } from '../../domain/swms-draft';
import { submissionOf, type SwmsDraft } from '../../domain/swms-submission';
import { uploadPendingPhoto } from './photo-upload';

export interface SendOptions {
  readonly signal?: AbortSignal;
  /** After each photo reaches blob storage: keep the reference, so a retry does not upload it again. */
  readonly onPhotoUploaded?: (draft: SwmsDraft, photos: PendingPhotos) => void | Promise<void>;
}

/**
 * Photos still on the phone first, then POST site/{siteId}/swms, or (issue 57) a revision to .../swms/{swmsId}/revisions
 * (the builder's Submit and the outbox alike).
 */
export async function sendSubmission(input: SubmitInput, options: SendOptions = {}): Promise<SentSwms> {
  let { draft, photos } = input;
  for (const slot of photoSlots) {
    const photo = photos[slot];
    if (!photo) continue;
    const reference = await uploadPendingPhoto(photo, { signal: options.signal });
    draft = withPhoto(draft, slot, reference, draft.updatedAt);
    const { [slot]: _uploaded, ...rest } = photos;
    photos = rest;
    await options.onPhotoUploaded?.(draft, photos);
  }
  const submission = submissionOf(draft);
  if (input.revisionOf !== null) return reviseSwms(input.siteId, input.revisionOf, submission, { signal: options.signal });
  return submitSwms(input.siteId, submission, { signal: options.signal });
}
